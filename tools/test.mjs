// `npm test`: the browser suite (one file at a time, mostly waiting on Chromium and its server: half a core,
// and the longest step) starts at once in a vitest of its own; lint and typecheck run beside it, then the
// server and ui projects. The browser suite's second run (its files in tools/browser-runs.mjs) starts when the
// first run or those end, the compatibility suite when those end: the cores have room then. The browser and
// compatibility suites' output comes after the others', each step's whole; the last line says how long each
// step and the whole took, passed or not.
// `npm run test:quick` (`--quick`): the same without the browser suites, for the edit loop. Other arguments
// go to one vitest run of every project: `npm test -- tests/server/routes/gps.test.ts`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBrowserNeeds } from './browser-needs.mjs';
import { firstRunArgs, secondRunArgs } from './browser-runs.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const quick = process.argv.includes('--quick');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--quick');
const name = quick ? 'npm run test:quick' : 'npm test';

const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/**
 * Runs a package's script with this Node. A held step's output is kept until `show()` (so that it does not
 * land inside another step's), then comes as it is written; a buffered one is printed whole when it ends.
 */
function step(label, script, args, { buffered = false, held = false } = {}) {
  const begun = performance.now();
  let output = '';
  let shown = false;
  const show = () => {
    process.stdout.write(`\n> ${label}\n${output}`);
    shown = true;
  };
  const done = new Promise((resolve) => {
    const piped = buffered || held;
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (piped) {
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk) => (shown ? process.stdout.write(chunk) : (output += chunk)));
    }
    child.on('close', (code) => {
      if (buffered) show();
      resolve({ label, ok: code === 0, code: code ?? 1, took: performance.now() - begun });
    });
  });
  return Object.assign(done, { show });
}

const started = performance.now();
const vitest = 'node_modules/vitest/vitest.mjs';
const wholeRun = vitestArgs.length === 0 && !quick;
// Chromium and the fonts first: without them the browser suite fails late (after 12 min 55 s once), not here.
if (wholeRun || vitestArgs.some((arg) => /e2e|compat|^tests\/?$/.test(arg))) {
  try {
    ensureBrowserNeeds();
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    process.exit(1);
  }
}
const browser = wholeRun ? step('vitest e2e', vitest, firstRunArgs(), { held: true }) : undefined;
if (browser) console.log("> vitest e2e runs alongside from the start; its output follows the others'");
const checks = (async () => {
  const steps = await Promise.all([
    step('lint', 'node_modules/eslint/bin/eslint.js', ['.'], { buffered: true }),
    step('format', 'node_modules/@biomejs/biome/bin/biome', ['format', '.'], { buffered: true }),
    step('typecheck', 'node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json'], { buffered: true }),
  ]);
  if (steps.every((s) => s.ok)) {
    if (vitestArgs.length > 0) steps.push(await step('vitest', vitest, ['run', ...vitestArgs]));
    else steps.push(await step('vitest server+ui', vitest, ['run', '--project', 'server', '--project', 'ui']));
  }
  return steps;
})();
// The browser suite's second run (its files in tools/browser-runs.mjs) once the first run or the server and ui
// projects end, whichever is first: either leaves the cores room. The compatibility suite (tests/compat, Chromium
// too) once the server and ui files leave theirs.
const tail = [];
if (wholeRun) {
  await Promise.race([browser, checks]);
  tail.push(step('vitest e2e (second run)', vitest, secondRunArgs(), { held: true }));
  await checks;
  tail.push(step('vitest compat', vitest, ['run', '--project', 'compat'], { held: true }));
}
const steps = await checks;
for (const held of [browser, ...tail].filter(Boolean)) {
  held.show();
  steps.push(await held);
}
const failed = steps.find((s) => !s.ok);
const parts = steps.map((s) => `${s.label} ${minutes(s.took)}${s.ok ? '' : ' FAILED'}`).join(', ');
console.log(
  `\n${name}: ${failed ? 'FAILED' : 'passed'} in ${minutes(performance.now() - started)} (${parts}), Node ${process.version}`,
);
process.exit(failed ? failed.code || 1 : 0);
