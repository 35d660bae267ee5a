// `npm test`: everything starts at once. The browser suite (one file at a time per run, mostly waiting on Chromium
// and its server: a third of a core each) runs as two vitest runs side by side, its files split between them
// (tools/browser-runs.mjs); the compatibility suite follows the second. Lint, format, typecheck and the server
// and ui projects (the CPU's main users) run beside them. The browser and compatibility suites' output comes
// after the others', each step's whole; the last line says how long each step and the whole took, passed or not.
// `npm run test:quick` (`--quick`): the checks, then the server and ui projects, for the edit loop. Other
// arguments go to one vitest run of every project after the checks: `npm test -- tests/server/routes/gps.test.ts`.
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
// The browser suite's two runs, and the compatibility suite after the second (Chromium too: a third at once
// would leave the frame-counting files less of the machine). Wrapped, so that awaiting it gives the step itself.
const firstRun = wholeRun ? step('vitest e2e', vitest, firstRunArgs(), { held: true }) : undefined;
const secondRun = wholeRun ? step('vitest e2e (second run)', vitest, secondRunArgs(), { held: true }) : undefined;
const compatRun = secondRun?.then(() => ({
  compat: step('vitest compat', vitest, ['run', '--project', 'compat'], { held: true }),
}));
if (wholeRun)
  console.log("> vitest e2e (two runs, then compat) runs alongside from the start; its output follows the others'");
const checks = () => [
  step('lint', 'node_modules/eslint/bin/eslint.js', ['.'], { buffered: true }),
  step('format', 'node_modules/prettier/bin/prettier.cjs', ['--check', '.'], { buffered: true }),
  step('typecheck', 'node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json'], { buffered: true }),
];
const serverAndUi = (options) =>
  step('vitest server+ui', vitest, ['run', '--project', 'server', '--project', 'ui'], options);
let steps;
if (wholeRun) {
  // Started with the checks; its output is held until they have printed theirs.
  const tests = serverAndUi({ held: true });
  steps = await Promise.all(checks());
  tests.show();
  steps.push(await tests);
} else {
  steps = await Promise.all(checks());
  if (steps.every((s) => s.ok))
    steps.push(await (vitestArgs.length > 0 ? step('vitest', vitest, ['run', ...vitestArgs]) : serverAndUi()));
}
for (const held of [firstRun, secondRun, (await compatRun)?.compat].filter(Boolean)) {
  held.show();
  steps.push(await held);
}
const failed = steps.find((s) => !s.ok);
const parts = steps.map((s) => `${s.label} ${minutes(s.took)}${s.ok ? '' : ' FAILED'}`).join(', ');
console.log(
  `\n${name}: ${failed ? 'FAILED' : 'passed'} in ${minutes(performance.now() - started)} (${parts}), Node ${process.version}`,
);
process.exit(failed ? failed.code || 1 : 0);
