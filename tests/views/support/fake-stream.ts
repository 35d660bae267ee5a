// The live stream without a network: the test says when it opens, fails, closes or carries a message.
import { fromCallback } from 'xstate';
import type { StreamEvent } from '../../../src/browser/event-stream.ts';
import type { GpsPing } from '../../../src/api/entities.ts';
import type { StreamMessage } from '../../../src/api/stream.ts';
import type { StoreNotice } from '../../../src/api/store-health.ts';

export class FakeStream {
  opened = 0;
  closed = 0;
  private sendBack: ((event: StreamEvent) => void) | undefined;

  get live() {
    return this.opened - this.closed;
  }

  readonly logic = fromCallback<StreamEvent>(({ sendBack }) => {
    this.opened++;
    this.sendBack = sendBack;
    return () => {
      this.closed++;
      this.sendBack = undefined;
    };
  });

  emit(event: StreamEvent) {
    if (!this.sendBack) throw new Error(`no EventSource is open to deliver ${event.type}`);
    this.sendBack(event);
  }

  open = () => this.emit({ type: 'stream.open' });
  fail = () => this.emit({ type: 'stream.error' });
  giveUp = () => this.emit({ type: 'stream.closed' });
  message = (message: StreamMessage) => this.emit({ type: 'stream.message', message });
  /** A burst of GPS pings, as eventStream gathers them (oldest first). */
  pings = (pings: GpsPing[]) => this.emit({ type: 'stream.pings', pings });
  /** The server's named `store` event (issue 47). */
  store = (notice: StoreNotice) => this.emit({ type: 'stream.store', notice });
}
