export interface SseMessage {
  id: string | undefined;
  data: any;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  comments: string[];
  /** Raw text received, for checks on the wire format. */
  raw: () => string;
  /** Waits until `count` messages (in total) have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  /** Waits until `count` messages with an id (the resumable history: not positions, not unstored copies) have arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  waitFor(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  closed: Promise<void>;
  close(): void;
}

/** A minimal SSE reader over fetch, so tests control exactly when to disconnect and what id to resume from. */
export async function openStream(
  url: string,
  lastEventId?: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: lastEventId === undefined ? headers : { ...headers, 'Last-Event-ID': lastEventId },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let raw = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  const closed = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += value;
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) messages.push({ id, data: JSON.parse(data.join('\n')) });
        }
        if (blocks.length > 0) notify();
      }
    } catch {
      // aborted or dropped by the server
    } finally {
      notify();
    }
  })();
  let ended = false;
  void closed.then(() => (ended = true));

  const waitUntil = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value !== undefined) {
          waiters.delete(attempt);
          clearTimeout(timer);
          resolve(value);
        } else if (ended) {
          waiters.delete(attempt);
          clearTimeout(timer);
          reject(new Error(`stream ended before ${what}; got ${messages.length} messages`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; got ${messages.length} messages`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });

  return {
    status: response.status,
    headers: response.headers,
    messages,
    comments,
    raw: () => raw,
    waitForMessages: (count, timeoutMs = 5000) =>
      waitUntil(
        () => (messages.length >= count ? messages.slice(0, count) : undefined),
        timeoutMs,
        `${count} messages`,
      ),
    waitForEvents: (count, timeoutMs = 5000) =>
      waitUntil(
        () => {
          const events = messages.filter((message) => message.id !== undefined);
          return events.length >= count ? events.slice(0, count) : undefined;
        },
        timeoutMs,
        `${count} messages with an id`,
      ),
    waitFor: (predicate, timeoutMs = 5000) =>
      waitUntil(() => messages.find(predicate), timeoutMs, 'a matching message'),
    closed,
    close: () => abort.abort(),
  };
}
