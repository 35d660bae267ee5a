// The real server as `npm start` runs it (tools/start.mjs: the compiled server), serving the built dashboard,
// on a free port with a fresh DATA_DIR (and its own PostgreSQL schema when DATABASE_URL is set).
// It can be killed and started again on the same port and storage, as a supervisor would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../../../server/build-dashboard.ts';
import { dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';

/** A basemap with one background layer and no sources: nothing to fetch, so the map works offline. */
export const OFFLINE_BACKGROUND = '#e5e7eb';
export const OFFLINE_STYLE = {
  version: 8,
  sources: {},
  // The id the map panel recolours for dark mode.
  layers: [{ id: 'basemap-background', type: 'background', paint: { 'background-color': OFFLINE_BACKGROUND } }],
};
export const OFFLINE_STYLE_URL = `data:application/json,${encodeURIComponent(JSON.stringify(OFFLINE_STYLE))}`;

/** Builds dist/ once when it is missing or older than the sources; later callers find it fresh. */
export async function ensureDashboardBuilt(): Promise<void> {
  for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
}

export interface DashboardServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: SpawnedServer;
  /** SIGKILL (a crash) or SIGTERM (a supervisor's stop); the storage stays. */
  down(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Starts it again on the same port and storage; resolves once the API answers. */
  up(): Promise<void>;
  /** Ends it (SIGKILL: its storage is dropped next, so a graceful stop would only be waited for) and drops its storage. */
  dispose(): Promise<void>;
}

async function waitForDashboardPage(url: string, output: () => string): Promise<void> {
  // The server builds a stale dist/ by itself in the background; the page is 503 until that is done.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${url}/`).catch(() => undefined);
    if (response?.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`the dashboard page did not come up (last ${response?.status}):\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `args`: what `npm start --` would pass (`--demo`). */
export async function startDashboardServer(
  extraEnv: Record<string, string> = {},
  args: string[] = [],
): Promise<DashboardServer> {
  await ensureDashboardBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-e2e-'));
  const port = await freePort();
  const schema = process.env.DATABASE_URL ? uniqueSchema() : undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SERVE_DASHBOARD: '1',
    MAP_STYLE_URL: OFFLINE_STYLE_URL,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    ...extraEnv,
  };
  let current = await spawnServer(env, args);
  const url = current.url;
  await waitForDashboardPage(url, current.output);
  let running = true;
  return {
    url,
    port,
    dataDir,
    get process() {
      return current;
    },
    async down(signal) {
      if (!running) return;
      if (signal === 'SIGKILL') await current.kill();
      else await current.stop();
      running = false;
    },
    async up() {
      current = await spawnServer(env, args);
      running = true;
    },
    async dispose() {
      // SIGTERM drains streams and closes the store, 1.2-1.9 s per file on a loaded 2-core machine, for a store
      // thrown away the next moment. The graceful stop is asserted where it matters (tests/server/db/instances.test.ts).
      if (running) await current.kill();
      running = false;
      if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
