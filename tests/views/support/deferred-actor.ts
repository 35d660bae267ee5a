// A request actor whose answer the test gives: each call waits until resolved or rejected.
import { fromPromise } from 'xstate';

export class DeferredActor<Input> {
  calls: Input[] = [];
  private pending: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];

  readonly logic = fromPromise<unknown, Input>(({ input }) => {
    this.calls.push(input);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  });

  succeed() {
    this.next().resolve({ ok: true });
  }

  fail() {
    this.next().reject(new Error('backend said no'));
  }

  private next() {
    const request = this.pending.shift();
    if (!request) throw new Error('no request is waiting for an answer');
    return request;
  }
}
