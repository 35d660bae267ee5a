import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Where `vite build` puts the dashboard the server serves. */
export const distDir = join(root, 'dist/');
const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any source of the dashboard. */
export function dashboardBuildIsStale(distDir: string): boolean {
  const builtAt = newestChange(join(distDir, 'index.html'));
  if (builtAt === 0) return true;
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
}

/** Runs `vite build`; resolves when it succeeds, rejects with its output when it fails. */
export function buildDashboard(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        // Always a production build, even when the server was started by the test runner (NODE_ENV=test).
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${output}`)),
    );
  });
}
