// `npm run bench` (at most 12 minutes; `-- a.ts b.ts`: those alone) and `-- --quick` (about 2): every script, one after
// another in its own process, their output streamed; then one table of every figure of issue 12 beside its
// floor and target, and as the very last line one JSON object with every figure (null where not measured).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mergeFigures, type FigureTree } from './support/figures.ts';
import { runScript } from './support/run-script.ts';
import { figureRows, formatTable } from './support/table.ts';
import { SKELETON } from './support/skeleton.ts';
import { FIGURES, SCRIPTS } from './support/targets.ts';

const quick = process.argv.includes('--quick');
/** Scripts named on the command line (`npm run bench -- restart.ts read-priority.ts`): those alone, in SCRIPTS' order. */
const named = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'));
const unknown = named.filter((file) => !SCRIPTS.some((script) => script.file === file));
if (unknown.length > 0) throw new Error(`not a bench script: ${unknown.join(', ')}`);
const chosen = named.length > 0 ? SCRIPTS.filter((script) => named.includes(script.file)) : SCRIPTS;
/** The whole run's allowance: the promised 12 minutes, and a little under the quick run's 2. */
const TOTAL_BUDGET_SECONDS = quick ? 110 : 720;

const started = Date.now();
const elapsed = () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

let figures: FigureTree = SKELETON;
const problems: string[] = [];
const leftForLater: string[] = [];
console.log(`Benchmarks${quick ? ' (quick)' : ''}: ${chosen.length} scripts, at most ${TOTAL_BUDGET_SECONDS} s in all`);
for (const [i, script] of chosen.entries()) {
  const step = `[${i + 1}/${chosen.length}] ${script.file}`;
  const path = fileURLToPath(new URL(script.file, import.meta.url));
  if (!existsSync(path)) {
    console.log(`\n${step}: not in this checkout, skipped (its figures stay null)`);
    continue;
  }
  const left = TOTAL_BUDGET_SECONDS - (Date.now() - started) / 1000;
  if (quick && left < script.quickBudgetSeconds) {
    // A quick run keeps its two minutes: what does not fit is left for a full run, not cut short.
    console.log(`\n${step}: does not fit in the quick run's time left, skipped (its figures stay null)`);
    leftForLater.push(script.file);
    continue;
  }
  const budget = Math.floor(Math.min(quick ? script.quickBudgetSeconds : script.budgetSeconds, left));
  if (budget < 5) {
    problems.push(`${script.file}: no time left in the run, not started`);
    console.log(`\n${step}: no time left in the run, skipped (its figures stay null)`);
    leftForLater.push(script.file);
    continue;
  }
  console.log(`\n${step} … (elapsed ${elapsed()}, budget ${budget} s)`);
  const outcome = await runScript(path, { ...process.env, ...(quick && { BENCH_QUICK: '1' }) }, budget);
  if (outcome.figures) {
    figures = mergeFigures(figures, outcome.figures, (path) =>
      problems.push(`${script.file}: printed a single value for the figure group ${path}, not kept`),
    );
  }
  if (outcome.problem) problems.push(`${script.file}: ${outcome.problem}`);
  console.log(`${step} ${outcome.problem ?? 'done'} in ${outcome.seconds.toFixed(0)} s (elapsed ${elapsed()})`);
}

console.log(
  `\nFigures of issue 12${quick ? ' (quick run: fewer samples, for development only)' : ''}, after ${elapsed()}:`,
);
console.log(formatTable(['Figure', 'Measured', 'Floor', 'Ratio', 'Target', 'Met?'], figureRows(FIGURES, figures)));
for (const problem of problems) console.log(`  ! ${problem}`);
if (leftForLater.length > 0) {
  console.log(`  The rest, in a run of its own: npm run bench -- ${quick ? '--quick ' : ''}${leftForLater.join(' ')}`);
}
console.log(JSON.stringify(figures));
process.exitCode = problems.length > 0 ? 1 : 0;
