// The live stream as a callback actor: one EventSource for the actor's lifetime, closed on stop.
import { fromCallback } from 'xstate';
import { parseStreamMessage, STREAM_PATH } from '../api/client.ts';
import type { StreamMessage } from '../api/stream.ts';

export type StreamEvent =
  | { type: 'stream.open' }
  | { type: 'stream.error' }
  /** The browser gave up retrying (e.g. a non-200 answer on reconnect): only a new EventSource helps. */
  | { type: 'stream.closed' }
  | { type: 'stream.message'; message: StreamMessage };

export const eventStream = fromCallback<StreamEvent>(({ sendBack }) => {
  const source = new EventSource(STREAM_PATH);
  source.onopen = () => sendBack({ type: 'stream.open' });
  source.onerror = () =>
    sendBack({ type: source.readyState === EventSource.CLOSED ? 'stream.closed' : 'stream.error' });
  source.onmessage = (event: MessageEvent<string>) => {
    const message = parseStreamMessage(event.data);
    if (message) sendBack({ type: 'stream.message', message });
  };
  return () => source.close();
});
