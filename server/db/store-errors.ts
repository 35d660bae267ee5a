// Which failures of a query mean the store is away (a failover, a restart, a partition, a full disk, every
// connection taken) rather than a fault of the request. Those answer 503 with Retry-After, never 500, and
// a panic that meets one is journaled instead (server/ingest/store-or-journal.ts).
import { HttpError } from '../http/errors.ts';

export const STORE_UNAVAILABLE_MESSAGE =
  'The store is unavailable; new panics are still being taken. Retry in a few seconds.';

/** Node's socket errors on the way to the store. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
]);

/**
 * SQLSTATEs of a store that cannot take work now: class 08 (connection), the server shutting down or
 * starting (57P01-57P03), out of connections, disk or memory (53xxx), and a primary demoted to a read-only
 * standby by a failover (25006).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53...|25006)$/;

/** node-postgres's own words for a connection it lost or could not get in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * `away`: the store cannot be reached or cannot take work; `slow`: a query passed its timeout (a store that
 * is away, or only one heavy query: a probe tells which); undefined: the request's own fault.
 */
export function storeFailureKind(error: unknown): 'away' | 'slow' | undefined {
  if (error instanceof StoreUnavailableError) return 'away';
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, errno } = error as { code?: unknown; message?: unknown; errno?: unknown };
  const words = typeof message === 'string' ? message : '';
  if (code === '57014' || words.startsWith('Query read timeout')) return 'slow';
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return 'away';
  // Emscripten's file system inside PGlite names a full disk by its errno only.
  if (errno === 28 || /\bENOSPC\b|no space left on device/i.test(words)) return 'away';
  return CONNECTION_MESSAGES.some((start) => words.startsWith(start)) ? 'away' : undefined;
}

export const isStoreUnavailableError = (error: unknown): boolean => storeFailureKind(error) !== undefined;

/** The answer of every route but the panics' while the store is away: 503, Retry-After, `store: "unavailable"`. */
export class StoreUnavailableError extends HttpError {
  constructor(retryAfterSeconds: number, cause?: unknown, more?: string) {
    super(
      503,
      more ? `${STORE_UNAVAILABLE_MESSAGE} ${more}` : STORE_UNAVAILABLE_MESSAGE,
      undefined,
      { 'Retry-After': String(retryAfterSeconds) },
      { store: 'unavailable' },
    );
    this.cause = cause;
  }
}
