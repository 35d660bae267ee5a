// A route of the fake backend whose answers the test gives, one per request, when it chooses:
// for replaying a request's "in flight" state on the page.
import type { FakeApi } from './fake-api.ts';

export class DeferredRoute {
  private pending: ((response: Response) => void)[] = [];

  /** Answers `path` (e.g. `/incidents/acknowledge#post`) of `api` through this route. */
  constructor(api: FakeApi, path: string) {
    api.overrides.set(
      path,
      (() => new Promise<Response>((resolve) => this.pending.push(resolve))) as () => Promise<never>,
    );
  }

  get waiting() {
    return this.pending.length;
  }

  succeed(body: object) {
    this.next()(json({ ok: true, ...body }, 200));
  }

  fail(error: string, status = 400) {
    this.next()(json({ ok: false, error }, status));
  }

  private next() {
    const resolve = this.pending.shift();
    if (!resolve) throw new Error('no request is waiting for an answer');
    return resolve;
  }
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
