import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run <name> -- <args>` as package.json says, without npm in between: a `tsx <file>` script is run as
 * `node --import tsx <file>`, in the project folder, with `env` over this process's environment.
 */
export function runNpmScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const [runner, file, ...more] = scripts[name].split(' ');
  if (runner !== 'tsx' || more.length > 0)
    throw new Error(`npm run ${name} is not a plain tsx script: ${scripts[name]}`);
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
