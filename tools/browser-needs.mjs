// What the browser suite needs from the machine, checked before it starts: Chromium (CHROMIUM_PATH, Debian's
// /usr/bin/chromium by default) and fonts for Devanagari and Bengali, without which the Hindi, Assamese and
// Bengali pages fall back to other glyphs and the layout tests measure widths no operator sees (a run on a
// machine without them failed after 12 min 55 s on one clipped header). As root with apt they are installed
// (`apt-get update && apt-get install -y …`); otherwise the run stops at once with the one command to run.
// Plain JavaScript: `npm test` (tools/test.mjs) and .ci/run (`node tools/browser-needs.mjs`) run it before
// anything compiles TypeScript.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/** The scripts the pages are written in, by the fontconfig language that needs them. */
const SCRIPTS = { hi: 'Devanagari', bn: 'Bengali' };
/** Debian's Noto fonts: both scripts, and the Latin the rest of the page uses. */
const FONT_PACKAGE = 'fonts-noto-core';

/** Whether fontconfig knows a font for `lang`; undefined when fc-list itself is missing. */
function hasFontFor(lang) {
  const listed = spawnSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8' });
  if (listed.error) return undefined;
  return listed.status === 0 && listed.stdout.trim() !== '';
}

/**
 * What is missing, each with the Debian package that brings it (none for a CHROMIUM_PATH of one's own,
 * which no package can fill).
 */
export function missingBrowserNeeds(chromiumPath = CHROMIUM_PATH) {
  const missing = [];
  if (!existsSync(chromiumPath)) {
    missing.push({
      need: `Chromium at ${chromiumPath}`,
      packages: chromiumPath === DEBIAN_CHROMIUM ? ['chromium'] : [],
    });
  }
  for (const [lang, script] of Object.entries(SCRIPTS)) {
    const known = hasFontFor(lang);
    if (known === true) continue;
    missing.push({
      need: `a ${script} font (fc-list :lang=${lang} lists none)`,
      packages: known === undefined ? ['fontconfig', FONT_PACKAGE] : [FONT_PACKAGE],
    });
  }
  return missing;
}

export const installCommand = (packages) => `apt-get update && apt-get install -y ${[...new Set(packages)].join(' ')}`;

/** The sentence that stops a run: what is missing and the one command that brings it. */
export function missingSentence(missing) {
  const packages = missing.flatMap((item) => item.packages);
  const own = missing.find((item) => item.packages.length === 0);
  const needs = missing.map((item) => item.need).join(', ');
  if (own)
    return `The browser tests need ${needs}. CHROMIUM_PATH names no file: point it at a Chromium binary, or unset it and run \`${installCommand(['chromium', ...packages])}\` as root.`;
  return `The browser tests need ${needs}. Install with (as root): ${installCommand(packages)}`;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...new Set(packages)], { stdio: 'inherit', env });
}

/**
 * Returns when the machine has everything; installs what it lacks when it may (root, and every missing thing
 * has a package); otherwise, or when the install did not bring it, throws the sentence to show.
 */
let satisfiedFor;

export function ensureBrowserNeeds({ chromiumPath = CHROMIUM_PATH, log = console.log } = {}) {
  if (satisfiedFor === chromiumPath) return;
  const missing = missingBrowserNeeds(chromiumPath);
  if (missing.length === 0) {
    satisfiedFor = chromiumPath;
    return;
  }
  const packages = missing.flatMap((item) => item.packages);
  if (!isRoot() || missing.some((item) => item.packages.length === 0)) throw new Error(missingSentence(missing));
  log(
    `> installing what the browser tests need (${missing.map((item) => item.need).join(', ')}): ${installCommand(packages)}`,
  );
  try {
    aptInstall(packages);
  } catch (error) {
    throw new Error(`${missingSentence(missing)} (it failed here: ${error.message})`, { cause: error });
  }
  const still = missingBrowserNeeds(chromiumPath);
  if (still.length > 0)
    throw new Error(`${missingSentence(still)} (still missing after installing ${[...new Set(packages)].join(' ')})`);
  satisfiedFor = chromiumPath;
}

// `node tools/browser-needs.mjs`: the same check on its own, for .ci/run; exits 1 with the sentence.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureBrowserNeeds();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
