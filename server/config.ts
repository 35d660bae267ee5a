import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databaseSchema: string;
  /** Secret for signing DID tokens; when absent one is generated once and kept in DATA_DIR. */
  didSigningKey?: string;
  streamPingMs: number;
  streamRetainEvents: number;
  streamClientBufferBytes: number;
  streamPollMs: number;
  /** Basemap for the dashboard: a whole MapLibre style URL, or a raster tile URL template. */
  mapStyleUrl?: string;
  mapTileUrl: string;
  mapAttribution: string;
  logLevel: string;
  /** Ingest requests a client IP may make per minute before 429 (0 = no limit). */
  rateLimitPerMinute: number;
  /** Build and serve the dashboard from dist/ (off in API-only tests). */
  serveDashboard: boolean;
  /** Behind a reverse proxy: take the client IP (for the rate limit) from X-Forwarded-For. */
  trustProxy: boolean;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}".`);
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || 'public',
    didSigningKey: env.DID_SIGNING_KEY || undefined,
    streamPingMs: intFrom(env, 'STREAM_PING_MS', 10_000),
    streamRetainEvents: intFrom(env, 'STREAM_RETAIN_EVENTS', 100_000),
    streamClientBufferBytes: intFrom(env, 'STREAM_CLIENT_BUFFER_BYTES', 1024 * 1024),
    streamPollMs: intFrom(env, 'STREAM_POLL_MS', 1000),
    mapStyleUrl: env.MAP_STYLE_URL || undefined,
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION || '© OpenStreetMap contributors',
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 600),
    serveDashboard: env.SERVE_DASHBOARD !== '0',
    trustProxy: env.TRUST_PROXY === '1',
  };
}
