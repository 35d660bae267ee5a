import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isLoopbackHost } from '../src/domain/loopback.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** NATS with JetStream (NATS_URL): the servers' position bus, instead of reading each other's from PostgreSQL. */
  natsUrl?: string;
  databaseSchema: string;
  /** STORE_QUERY_TIMEOUT_MS: on PostgreSQL, a query unanswered this long fails and the store is probed. */
  storeQueryTimeoutMs: number;
  /** PANIC_STORE_WAIT_MS: a panic the store has not taken within this is answered from the journal. */
  panicStoreWaitMs: number;
  /** Secret for signing DID tokens; when absent one is generated once and kept in DATA_DIR. */
  didSigningKey?: string;
  streamPingMs: number;
  streamRetainEvents: number;
  streamClientBufferBytes: number;
  streamPollMs: number;
  /** What each open stream may carry of `gps` frames, bytes per second (issue 48): positions never hold up an alert. */
  streamGpsBytesPerSecond: number;
  /** Basemap for the dashboard: a whole MapLibre style URL, or a raster tile URL template. */
  mapStyleUrl?: string;
  mapTileUrl: string;
  mapAttribution: string;
  logLevel: string;
  /** LOG_FORMAT: `pretty` (one readable line per entry), `json` (one JSON object per line), `auto`: pretty on a terminal. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Ingest requests a client IP may make per minute before 429 (0 = no limit). */
  rateLimitPerMinute: number;
  /** Build and serve the dashboard from dist/ (off in API-only tests). */
  serveDashboard: boolean;
  /**
   * The region the dashboard opens on when the operator has chosen none, as /app-config.json names it:
   * absent, `default` (API.md); `npm start -- --demo` makes it `all`, where the demo's panics are.
   */
  startRegionId?: string;
  /**
   * Whose X-Forwarded-For is believed (TRUST_PROXY): none (false), that many proxy hops in front of the
   * server, or the proxies' addresses/CIDRs. The client is the rightmost address not trusted.
   */
  trustProxy: boolean | number | string[];
  /** Web origins whose pages may call the operator routes and the stream with credentials (CORS_ORIGINS). */
  corsOrigins: string[];
  /** Host names the server answers for besides the loopback names (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** GET requests a client IP may make per minute before 429 (0 = no limit). */
  readRateLimitPerMinute: number;
  /** Stream clients the server holds at once (503 beyond) and per client address (429 beyond). */
  streamMaxClients: number;
  streamMaxClientsPerAddress: number;
  /** A client resuming further behind than this many events gets a fresh snapshot instead of a replay. */
  streamMaxReplayEvents: number;
  /** Idempotency keys are forgotten after this many hours. */
  idempotencyTtlHours: number;
  /** GPS pings waiting for their group commit beyond which a request gets 503 with Retry-After (GPS_QUEUE_MAX_PINGS). */
  gpsQueueMaxPings: number;
  /** Retention of raw GPS pings, device events and stream events, in days (0 = keep forever). */
  retainPingsDays: number;
  retainEventsDays: number;
  retainStreamDays: number;
  /** How often the retention job runs. */
  retentionIntervalMs: number;
  /** A panic still open and unacknowledged this many seconds after it was received is escalated (0 = never). */
  escalateAfterS: number;
  /** How often each server checks for silent and stranded tourists, in ms (WATCH_CHECK_MS; 0 = never). */
  watchCheckMs: number;
  /** Operator sign-in (AUTH): `auto` requires it when listening beyond loopback, `on` always, `off` never. */
  auth: 'auto' | 'on' | 'off';
  /** The first admin's password when sign-in is on and no account exists yet (ADMIN_PASSWORD). */
  adminPassword?: string;
  /** How long an operator session lasts (SESSION_HOURS). */
  sessionHours: number;
  /** How often open streams are checked for a session that has ended (STREAM_SESSION_CHECK_MS). */
  streamSessionCheckMs: number;
  /**
   * Tests only (START_STORE_DELAY_MS, START_REPLAY_DELAY_MS): hold the start window open, before the store
   * opens and inside the transaction that replays the panics taken during it, so a test can act there.
   */
  startDelays?: { storeMs: number; replayMs: number };
  /** `required` refuses GPS and events without a valid device token; panics are never refused (DEVICE_AUTH). */
  deviceAuth: 'optional' | 'required';
  /** Single sign-on through OpenID Connect, when OIDC_ISSUER is set. */
  oidc?: OidcSettings;
  /** The address operators reach the server at, e.g. https://ops.example.org (PUBLIC_URL); else each request's own. */
  publicUrl?: string;
  /** Outgoing notifications' sender (docs/webhooks.md). */
  webhooks: WebhookSettings;
  /**
   * Web Push to operators' browsers: the VAPID pair (else generated into DATA_DIR), the sender's limits, and how
   * often it looks for stream events it has not pushed (other servers' commits, the start's journal replay).
   */
  push: {
    publicKey?: string;
    privateKey?: string;
    subject?: string;
    timeoutMs: number;
    concurrency: number;
    pollMs: number;
  };
}

export interface WebhookSettings {
  /** One request's time limit (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Requests in flight at once per server (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** How often due retries are looked for; new events wake the sender at once (WEBHOOK_POLL_MS). */
  pollMs: number;
  /** First retry's delay, doubling each time up to `retryCapMs` (WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_CAP_MS). */
  retryBaseMs: number;
  retryCapMs: number;
  /** Retries stop this long after the event: then the delivery is a dead letter (WEBHOOK_RETRY_HOURS). */
  retryWindowMs: number;
  /** 0: as many as the window holds (WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim holding the role (viewer, operator, supervisor or admin). */
  roleClaim: string;
  /** The text of the dashboard's single sign-on button. */
  label: string;
}

/** Whether operators must sign in: AUTH=on, or AUTH unset and the server listens beyond loopback. */
export function signInRequired(config: Pick<Config, 'auth' | 'host'>): boolean {
  if (config.auth === 'auto') return !isLoopbackHost(config.host);
  return config.auth === 'on';
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}".`);
  return value;
}

function listFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (prefix === undefined) return PROXY_RANGE_NAMES.has(address) || isIP(address) !== 0;
  const maxPrefix = isIP(address) === 4 ? 32 : 128;
  return rest.length === 0 && isIP(address) !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
}

function trustProxyFrom(env: NodeJS.ProcessEnv): Config['trustProxy'] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const proxies = listFrom(env, 'TRUST_PROXY');
  if (proxies.every(isProxyAddress)) return proxies;
  throw new Error(
    `TRUST_PROXY must be 0, a number of proxy hops, or proxy addresses/CIDRs separated by commas, got "${raw}".`,
  );
}

function originsFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  return listFrom(env, name).map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const isOrigin =
      url &&
      ['http:', 'https:'].includes(url.protocol) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username;
    if (!isOrigin) {
      throw new Error(
        `${name} must list web origins such as https://ops.example.org, separated by commas, got "${entry}".`,
      );
    }
    return url.origin;
  });
}

function choiceFrom<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T): T {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  throw new Error(`${name} must be one of ${choices.join(', ')}, got "${env[name]}".`);
}

function oidcFrom(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  if (!env.OIDC_ISSUER) return undefined;
  if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)
    throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.');
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    roleClaim: env.OIDC_ROLE_CLAIM || 'role',
    label: env.OIDC_LABEL || 'Sign in with single sign-on',
  };
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.PUBLIC_URL) return undefined;
  const url = URL.canParse(env.PUBLIC_URL) ? new URL(env.PUBLIC_URL) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(
      `PUBLIC_URL must be the web address operators reach the server at, such as https://ops.example.org, got "${env.PUBLIC_URL}".`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || 'public',
    didSigningKey: env.DID_SIGNING_KEY || undefined,
    streamPingMs: intFrom(env, 'STREAM_PING_MS', 10_000),
    streamRetainEvents: intFrom(env, 'STREAM_RETAIN_EVENTS', 100_000),
    streamClientBufferBytes: intFrom(env, 'STREAM_CLIENT_BUFFER_BYTES', 1024 * 1024),
    streamPollMs: intFrom(env, 'STREAM_POLL_MS', 1000),
    streamGpsBytesPerSecond: intFrom(env, 'STREAM_GPS_BYTES_PER_SECOND', 4096),
    mapStyleUrl: env.MAP_STYLE_URL || undefined,
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION || '© OpenStreetMap contributors',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: choiceFrom(env, 'LOG_FORMAT', ['auto', 'pretty', 'json'], 'auto'),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 600),
    serveDashboard: env.SERVE_DASHBOARD !== '0',
    trustProxy: trustProxyFrom(env),
    corsOrigins: originsFrom(env, 'CORS_ORIGINS'),
    allowedHosts: listFrom(env, 'ALLOWED_HOSTS').map((host) => host.toLowerCase()),
    readRateLimitPerMinute: intFrom(env, 'READ_RATE_LIMIT_PER_MINUTE', 1200),
    streamMaxClients: intFrom(env, 'STREAM_MAX_CLIENTS', 5000),
    streamMaxClientsPerAddress: intFrom(env, 'STREAM_MAX_CLIENTS_PER_ADDRESS', 100),
    streamMaxReplayEvents: intFrom(env, 'STREAM_MAX_REPLAY_EVENTS', 20_000),
    idempotencyTtlHours: intFrom(env, 'IDEMPOTENCY_TTL_HOURS', 24),
    storeQueryTimeoutMs: intFrom(env, 'STORE_QUERY_TIMEOUT_MS', 4000),
    panicStoreWaitMs: intFrom(env, 'PANIC_STORE_WAIT_MS', 1000),
    gpsQueueMaxPings: intFrom(env, 'GPS_QUEUE_MAX_PINGS', 20_000),
    retainPingsDays: intFrom(env, 'RETAIN_PINGS_DAYS', 30),
    retainEventsDays: intFrom(env, 'RETAIN_EVENTS_DAYS', 90),
    retainStreamDays: intFrom(env, 'RETAIN_STREAM_DAYS', 7),
    retentionIntervalMs: intFrom(env, 'RETENTION_INTERVAL_MS', 3_600_000),
    escalateAfterS: intFrom(env, 'ESCALATE_AFTER_S', 120),
    watchCheckMs: intFrom(env, 'WATCH_CHECK_MS', 15_000),
    auth: choiceFrom(env, 'AUTH', ['auto', 'on', 'off'], 'auto'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionHours: intFrom(env, 'SESSION_HOURS', 12),
    streamSessionCheckMs: intFrom(env, 'STREAM_SESSION_CHECK_MS', 30_000),
    deviceAuth: choiceFrom(env, 'DEVICE_AUTH', ['optional', 'required'], 'optional'),
    oidc: oidcFrom(env),
    publicUrl: publicUrlFrom(env),
    webhooks: {
      timeoutMs: intFrom(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      concurrency: Math.max(1, intFrom(env, 'WEBHOOK_CONCURRENCY', 4)),
      pollMs: intFrom(env, 'WEBHOOK_POLL_MS', 5000),
      retryBaseMs: intFrom(env, 'WEBHOOK_RETRY_BASE_MS', 60_000),
      retryCapMs: intFrom(env, 'WEBHOOK_RETRY_CAP_MS', 3 * 3_600_000),
      retryWindowMs: intFrom(env, 'WEBHOOK_RETRY_HOURS', 24) * 3_600_000,
      maxAttempts: intFrom(env, 'WEBHOOK_MAX_ATTEMPTS', 0),
    },
    push: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || undefined,
      timeoutMs: intFrom(env, 'PUSH_TIMEOUT_MS', 10_000),
      concurrency: Math.max(1, intFrom(env, 'PUSH_CONCURRENCY', 8)),
      pollMs: Math.max(100, intFrom(env, 'PUSH_POLL_MS', 3000)),
    },
    startDelays: {
      storeMs: intFrom(env, 'START_STORE_DELAY_MS', 0),
      replayMs: intFrom(env, 'START_REPLAY_DELAY_MS', 0),
    },
  };
}
