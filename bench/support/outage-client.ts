// For bench/store-outage.ts: what a phone and a dashboard do against a server whose store is cut. Panics
// POSTed with their own Idempotency-Key and timed, reads timed with their Retry-After, and one stream kept
// open through the cut that notes when each alert first arrives and how many times.
import { Agent, request } from 'node:http';
import { monotonicMs, percentile, round } from './stats.ts';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** A panic not answered within this counts as unanswered (the bound is 2 s). */
const ANSWER_TIMEOUT_MS = 15_000;

export interface Answer {
  /** 0: no answer (a socket error or the timeout). */
  status: number;
  ms: number;
  sentAt: number;
  retryAfter?: string;
  incidentId?: string;
  store?: string;
  /** A panic's Idempotency-Key, which is also its touristId. */
  key?: string;
}

function call(url: string, method: 'GET' | 'POST', body?: unknown, headers: Record<string, string> = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const sentAt = monotonicMs();
  return new Promise<Answer>((resolve) => {
    const done = (answer: Omit<Answer, 'ms' | 'sentAt'>) => resolve({ ...answer, ms: monotonicMs() - sentAt, sentAt });
    const req = request(
      url,
      {
        method,
        agent,
        timeout: ANSWER_TIMEOUT_MS,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': payload.length, ...headers }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const retryAfter = res.headers['retry-after'];
          let parsed: { incident?: { id?: string }; store?: string } = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the status says enough
          }
          done({ status, retryAfter, incidentId: parsed.incident?.id, store: parsed.store });
        });
        res.on('error', () => done({ status: 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => done({ status: 0 }));
    req.end(payload);
  });
}

/** A panic as a phone sends it: its own touristId and key, so what is stored can be counted back one by one. */
export async function postPanic(url: string, key: string): Promise<Answer> {
  const body = { latitude: 25.5788 + (key.length % 10) / 10_000, longitude: 91.8933, touristId: key };
  return { ...(await call(`${url}/panic-alert`, 'POST', body, { 'Idempotency-Key': key })), key };
}

export function getPath(url: string, path: string): Promise<Answer> {
  return call(`${url}${path}`, 'GET');
}

/** `count` panics from `phones` phones at once, each sending its next as soon as its last is answered. */
export async function panicBurst(url: string, count: number, phones: number, tag: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const phone = async () => {
    while (next < count) {
      const n = next++;
      answers.push(await postPanic(url, `${tag}-${n}`));
    }
  };
  await Promise.all(Array.from({ length: phones }, phone));
  return answers;
}

export const latencies = (answers: Answer[]) => answers.map((answer) => answer.ms);
export const summary = (times: number[]) => ({
  p50Ms: round(percentile(times, 0.5)),
  p99Ms: round(percentile(times, 0.99)),
  maxMs: round(times.length ? Math.max(...times) : Number.NaN),
});

export interface AlertStream {
  /** First arrival (monotonic ms) and count of each incident's `alert` message. */
  alerts: Map<string, { firstAt: number; count: number }>;
  /** The named `store` events, with when each arrived. */
  storeEvents: { at: number; available: boolean }[];
  /** When the server ended the stream, if it did. */
  endedAt: number | undefined;
  close(): void;
}

/** GET /panic-alerts/stream, read until closed: alerts by incident, and the store's comings and goings. */
export async function openAlertStream(url: string): Promise<AlertStream> {
  const abort = new AbortController();
  const response = await fetch(`${url}/panic-alerts/stream`, { signal: abort.signal });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const stream: AlertStream = { alerts: new Map(), storeEvents: [], endedAt: undefined, close: () => abort.abort() };
  const take = (block: string, at: number) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trimStart();
    }
    if (!data) return;
    const message = JSON.parse(data) as { type?: string; alert?: { incidentId: string }; available?: boolean };
    if (event === 'store') stream.storeEvents.push({ at, available: message.available === true });
    else if (message.type === 'alert' && message.alert) {
      const seen = stream.alerts.get(message.alert.incidentId);
      if (seen) seen.count += 1;
      else stream.alerts.set(message.alert.incidentId, { firstAt: at, count: 1 });
    }
  };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = monotonicMs();
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) take(block, at);
      }
    } catch {
      // aborted by close()
    }
    if (!abort.signal.aborted) stream.endedAt = monotonicMs();
  })();
  return stream;
}
