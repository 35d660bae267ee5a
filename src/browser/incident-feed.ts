// One incident's changes as they happen: its notes and its updates from the live stream, while the
// details drawer is open. A reconnection may have missed some, so it asks for the timeline again.
import { fromCallback } from 'xstate';
import { parseStreamMessage, STREAM_PATH } from '../api/client.ts';
import type { Incident } from '../api/entities.ts';
import type { TimelineEntry } from '../api/responses.ts';

export type IncidentFeedEvent =
  | { type: 'live.note'; entry: TimelineEntry }
  | { type: 'live.incident'; incident: Incident }
  | { type: 'live.reconnected' };

export const incidentFeed = fromCallback<IncidentFeedEvent, { id: string }>(({ input, sendBack }) => {
  const source = new EventSource(STREAM_PATH);
  let opened = 0;
  source.onopen = () => {
    if (opened++ > 0) sendBack({ type: 'live.reconnected' });
  };
  source.onmessage = (event: MessageEvent<string>) => {
    const message = parseStreamMessage(event.data);
    if (message?.type === 'incident_note' && message.incidentId === input.id) sendBack({ type: 'live.note', entry: message.entry });
    if (message?.type === 'incident_update' && message.incident.id === input.id) {
      sendBack({ type: 'live.incident', incident: message.incident });
    }
  };
  return () => source.close();
});
