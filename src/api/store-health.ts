// What the page hears of the store's health (issue 47): while PostgreSQL is away every route but the panics'
// answers 503 with Retry-After and `store: "unavailable"` (ErrorResponse in responses.ts), and the live stream
// sends a named event `store` with `{ available, since? }` when it goes and when it is back. The client reports
// each answer here; the console's one owner of the outage (src/machines/storeHealthMachine.ts) listens.
import { z } from 'zod';

/** The SSE event's name: not a `message`, so dashboards that predate it never see it. */
export const STORE_EVENT = 'store';

export const StoreNotice = z.object({ available: z.boolean(), since: z.string().optional() });
export type StoreNotice = z.infer<typeof StoreNotice>;

/** The `store` event's data, or undefined when it is not one. */
export function parseStoreNotice(data: string): StoreNotice | undefined {
  try {
    const notice = StoreNotice.safeParse(JSON.parse(data));
    return notice.success ? notice.data : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After as whole seconds (delta-seconds or an HTTP date), undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export type StoreReport =
  /** An answer said the store is away; `retryAfterS` is its Retry-After. */
  | { type: 'store.unavailable'; retryAfterS: number | undefined }
  /** A read answered from the store; `asked` numbers its request (askedSoFar), so one asked before a
   * failure was heard is not taken as the store's return. */
  | { type: 'store.answered'; asked: number };

const listeners = new Set<(report: StoreReport) => void>();
let asked = 0;

/** Calls `listener` with every answer's report; returns the unsubscribe. */
export function onStoreReport(listener: (report: StoreReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many requests the client has asked so far: a request asked later has a higher number. */
export const askedSoFar = (): number => asked;

/** The number of a request the client is about to ask. */
export const nextAsk = (): number => ++asked;

/** Reads the server answers from its settings and memory: who is signed in, the storage mode, the page's settings. */
const ANSWERED_WITHOUT_STORE = ['/auth/', '/db-mode', '/app-config.json'];

/**
 * What an answer says of the store. Only a read (GET) proves it is there (a panic is answered from a journal),
 * and not the sign-in's own: who is signed in is answered on loopback without the store.
 */
export function reportAnswer(
  ask: number,
  { path, method }: { path: string; method: string },
  response: Pick<Response, 'status' | 'headers'>,
  body: Record<string, unknown> | undefined,
): void {
  let report: StoreReport | undefined;
  if (response.status === 503 && body?.store === 'unavailable')
    report = { type: 'store.unavailable', retryAfterS: retryAfterSeconds(response.headers.get('retry-after')) };
  else if (method === 'GET' && body?.ok === true && !ANSWERED_WITHOUT_STORE.some((start) => path.startsWith(start)))
    report = { type: 'store.answered', asked: ask };
  if (report) for (const listener of listeners) listener(report);
}
