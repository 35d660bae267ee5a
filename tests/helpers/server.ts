import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from '../../server/app.ts';
import { startServer } from '../../server/start/start-server.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { dropSchema } from '../../tools/drop-schema.ts';
import { answerMismatch } from './response-contract.ts';

export interface TestServer extends Server {
  url: string;
  config: Config;
  /** Closes the server and drops its storage (temporary folder or PostgreSQL schema). */
  stop(): Promise<void>;
}

let schemaCounter = 0;

/** The servers this process started, by URL: `call` checks their answers against their routes' schemas. */
const runningServers = new Map<string, Server['app']>();

/** A fresh schema name per server, so test files can share one PostgreSQL without seeing each other. */
export function uniqueSchema(): string {
  return `t_${process.pid}_${Date.now().toString(36)}_${schemaCounter++}`;
}

/**
 * A real server on a free port: PGlite in a temporary folder, or PostgreSQL in its own schema when
 * DATABASE_URL is set (the CI runs the suite both ways).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-test-'));
  const base = configFromEnv({ ...process.env, DATA_DIR: dataDir });
  const config: Config = {
    ...base,
    port: 0,
    logLevel: 'warn',
    serveDashboard: false,
    rateLimitPerMinute: 0,
    // Fixtures with old dates must not be deleted by the retention job in the middle of a test.
    retentionIntervalMs: 0,
    // Likewise, old open panics in fixtures must not be escalated mid-test; escalation tests turn it on.
    escalateAfterS: 0,
    // The watch's check likewise; watch tests run it themselves (runWatchCheck) at the moment they choose.
    watchCheckMs: 0,
    databaseSchema: base.databaseUrl ? uniqueSchema() : base.databaseSchema,
    ...overrides,
  };
  const server = await startServer(config, { port: config.port, host: '127.0.0.1' }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { url } = server;
  runningServers.set(url, server.app);
  return {
    ...server,
    config,
    async stop() {
      runningServers.delete(url);
      await server.close();
      if (config.databaseUrl) await dropSchema(config.databaseUrl, config.databaseSchema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { dropSchema };

/**
 * JSON request helper: returns status, parsed body and headers. A JSON answer of a server started by
 * startTestServer must match what its route declares (see answerMismatch), or the call throws.
 */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV and other text answers stay text
  }
  const app = runningServers.get(baseUrl);
  const contentType = response.headers.get('content-type');
  const mismatch =
    app && answerMismatch(app.routeTable, { method, path, status: response.status, contentType, body: parsed });
  if (mismatch) throw new Error(mismatch);
  return { status: response.status, body: parsed, headers: response.headers };
}
