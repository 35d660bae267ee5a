// The simulator's only way into the backend: requests to the public API that never throw, log sparingly
// while the server is down or failing, and back off when it answers 429.

export interface PostResult {
  status: number;
  body: unknown;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch: typeof fetch;
  log: (line: string) => void;
  /** Aborted by stop(): cancels whatever is in flight. */
  signal: AbortSignal;
  timeoutMs?: number;
  /** One line per kind of failure per this many ms, so an outage does not flood the log. */
  logEveryMs?: number;
}

export class ApiClient {
  private pausedUntil = 0;
  private failures = new Map<string, { loggedAt: number; unlogged: number }>();
  private readonly baseUrl: string;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** True while the server has asked us (429 Retry-After) to slow down. */
  get backingOff(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** The answer, or undefined when there was none (network error, timeout, stopped). */
  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<PostResult | undefined> {
    return this.send('POST', path, body, headers);
  }

  /** A PUT (the demo's watch settings and boundaries), answered as `post` is. */
  put(path: string, body: unknown): Promise<PostResult | undefined> {
    return this.send('PUT', path, body, {});
  }

  /** A read (the regions, before drawing their boundaries), answered as `post` is. */
  get(path: string): Promise<PostResult | undefined> {
    return this.send('GET', path, undefined, {});
  }

  private async send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<PostResult | undefined> {
    if (this.options.signal.aborted) return undefined;
    try {
      const response = await this.options.fetch(this.baseUrl + path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.any([this.options.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)]),
      });
      const text = await response.text();
      const result = { status: response.status, body: parseJson(text) };
      if (response.status === 429) this.pausedUntil = Date.now() + retryAfterMs(response.headers.get('retry-after'));
      if (response.status >= 400)
        this.failed(`${method} ${path} answered ${response.status}`, describeError(result.body));
      return result;
    } catch (error) {
      if (!this.options.signal.aborted)
        this.failed(
          `${method} ${path} failed`,
          (error as Error).cause ? String((error as Error).cause) : (error as Error).message,
        );
      return undefined;
    }
  }

  private failed(kind: string, detail: string): void {
    const now = Date.now();
    const seen = this.failures.get(kind);
    if (seen && now - seen.loggedAt < (this.options.logEveryMs ?? 10_000)) {
      seen.unlogged += 1;
      return;
    }
    const more = seen?.unlogged ? ` (${seen.unlogged} more like it not shown)` : '';
    this.options.log(`simulator: ${kind}: ${detail}${more}; carrying on`);
    this.failures.set(kind, { loggedAt: now, unlogged: 0 });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeError(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) return String((body as { error: unknown }).error);
  return String(body).slice(0, 200);
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 5000;
}
