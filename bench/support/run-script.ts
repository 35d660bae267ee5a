import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { figuresIn, type FigureTree } from './figures.ts';

export interface ScriptOutcome {
  figures: FigureTree | undefined;
  seconds: number;
  /** Why it has no figures, when it has none: exit code, overrun. */
  problem?: string;
}

/**
 * Runs one bench script in its own process group, echoing its output indented, and answers the figures of
 * its `BENCH_FIGURES` line. Past `budgetSeconds` the whole group (the script and the servers and clients
 * it started) is killed and the figures are lost.
 */
export function runScript(path: string, env: NodeJS.ProcessEnv, budgetSeconds: number): Promise<ScriptOutcome> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let figures: FigureTree | undefined;
  let overran = false;
  const echo = (line: string) => {
    figures = figuresIn(line) ?? figures;
    console.log(`  │ ${line}`);
  };
  createInterface({ input: child.stdout! }).on('line', echo);
  createInterface({ input: child.stderr! }).on('line', echo);
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    overran = true;
    killGroup();
  }, budgetSeconds * 1000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      killGroup(); // whatever the script left running
      const seconds = (Date.now() - started) / 1000;
      const problem = overran
        ? `overran its budget of ${budgetSeconds} s and was stopped`
        : code !== 0
          ? `exited with code ${code}`
          : figures
            ? undefined
            : 'printed no BENCH_FIGURES line';
      resolve({ figures: overran ? undefined : figures, seconds, problem });
    });
  });
}
