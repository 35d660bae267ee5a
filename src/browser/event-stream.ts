// The live stream as a callback actor: one EventSource for the actor's lifetime, closed on stop.
// GPS pings are gathered for a moment and sent on together (issue 12): 10,000 devices reporting each second
// cost the dashboard one update per window instead of 10,000. Any other message (a panic first of all)
// waits for nothing; the pings that came before it are sent just ahead of it, so the order holds.
import { fromCallback } from 'xstate';
import { parseStreamMessage, STREAM_PATH } from '../api/client.ts';
import type { GpsPing } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { parseStoreNotice, STORE_EVENT, type StoreNotice } from '../api/store-health.ts';

/** How long a ping may wait for others: below what the eye tells apart on a moving marker. */
export const GPS_BATCH_MS = 50;
/** A burst this large goes at once rather than waiting out the window. */
export const GPS_BATCH_MAX = 5_000;

export type StreamEvent =
  | { type: 'stream.open' }
  | { type: 'stream.error' }
  /** The browser gave up retrying (e.g. a non-200 answer on reconnect): only a new EventSource helps. */
  | { type: 'stream.closed' }
  | { type: 'stream.message'; message: StreamMessage }
  /** GPS messages' pings, oldest first. */
  | { type: 'stream.pings'; pings: GpsPing[] }
  /** The server's word on its store (issue 47): away since when, or back. */
  | { type: 'stream.store'; notice: StoreNotice };

export const eventStream = fromCallback<StreamEvent>(({ sendBack }) => {
  const source = new EventSource(STREAM_PATH);
  let pending: GpsPing[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sendPings = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const pings = pending;
    pending = [];
    sendBack({ type: 'stream.pings', pings });
  };
  source.onopen = () => sendBack({ type: 'stream.open' });
  source.onerror = () =>
    sendBack({ type: source.readyState === EventSource.CLOSED ? 'stream.closed' : 'stream.error' });
  source.onmessage = (event: MessageEvent<string>) => {
    const message = parseStreamMessage(event.data);
    if (!message) return;
    if (message.type === 'gps') {
      pending.push(message.ping);
      if (pending.length >= GPS_BATCH_MAX) sendPings();
      else timer ??= setTimeout(sendPings, GPS_BATCH_MS);
      return;
    }
    sendPings();
    sendBack({ type: 'stream.message', message });
  };
  const onStore = (event: MessageEvent<string>) => {
    const notice = parseStoreNotice(event.data);
    if (notice) sendBack({ type: 'stream.store', notice });
  };
  source.addEventListener(STORE_EVENT, onStore);
  return () => {
    clearTimeout(timer);
    source.removeEventListener(STORE_EVENT, onStore);
    source.close();
  };
});
