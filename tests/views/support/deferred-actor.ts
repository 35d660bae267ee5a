// A request actor whose answer the test gives: each call waits until resolved or rejected.
import { fromPromise } from 'xstate';

export class DeferredActor<Input> {
  calls: Input[] = [];
  private pending: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];

  readonly logic = fromPromise<unknown, Input>(({ input, signal }) => {
    this.calls.push(input);
    return new Promise((resolve, reject) => {
      const request = { resolve, reject };
      this.pending.push(request);
      // A stopped actor's request can no longer be answered: the next answer goes to a live one.
      signal.addEventListener('abort', () => {
        const index = this.pending.indexOf(request);
        if (index >= 0) this.pending.splice(index, 1);
      });
    });
  });

  succeed(answer: unknown = { ok: true }) {
    this.next().resolve(answer);
  }

  fail(error: Error = new Error('backend said no')) {
    this.next().reject(error);
  }

  get waiting() {
    return this.pending.length;
  }

  private next() {
    const request = this.pending.shift();
    if (!request) throw new Error('no request is waiting for an answer');
    return request;
  }
}
