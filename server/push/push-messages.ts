// Which committed stream messages become push messages (issue 35 point 5), and what each carries: a new
// panic (its `alert` message) and an escalation (an `incident_update` with an `escalated` entry).
import type { PushEventType, PushMessage } from '../../src/api/push.ts';
import type { StreamMessage } from '../../src/api/stream.ts';

const place = (latitude: number, longitude: number) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

export function pushMessagesOf(messages: readonly StreamMessage[]): PushMessage[] {
  const pushes: PushMessage[] = [];
  for (const message of messages) {
    if (message.type === 'alert') {
      const { alert } = message;
      pushes.push({
        incidentId: alert.incidentId,
        kind: 'panic.created',
        regionId: alert.regionId,
        at: new Date(alert.at).toISOString(),
        // The console's desktop notification's title (src/browser/desktop-notifications.ts).
        title: `New panic alert in ${alert.regionId}`,
        body: place(alert.latitude, alert.longitude),
      });
    } else if (message.type === 'incident_update' && message.entry?.action === 'escalated') {
      const { incident, entry } = message;
      pushes.push({
        incidentId: incident.id,
        kind: 'incident.escalated',
        regionId: incident.regionId,
        at: new Date(entry.at).toISOString(),
        title: `Escalated: panic in ${incident.regionId} not acknowledged`,
        body: place(incident.latitude, incident.longitude),
      });
    }
  }
  return pushes;
}

/** How long a push service keeps a message for a phone that is off: a panic older than this is stale. */
export const PUSH_TTL_SECONDS: Record<PushEventType, number> = { 'panic.created': 3600, 'incident.escalated': 3600 };

/** A stream event as the push cursor reads it: its message and when it was committed. */
export interface CommittedEvent {
  message: StreamMessage;
  createdAt: string;
}

/**
 * The pushes still worth sending at `now`: an event committed longer ago than its TTL is stale (the server was
 * down that long) and skipped; the others are sent with what is left of their TTL.
 */
export function duePushes(
  events: readonly CommittedEvent[],
  now: number,
): { message: PushMessage; ttlSeconds: number }[] {
  return events.flatMap((event) => {
    const ageSeconds = Math.max(0, Math.floor((now - Date.parse(event.createdAt)) / 1000));
    return pushMessagesOf([event.message])
      .map((message) => ({ message, ttlSeconds: PUSH_TTL_SECONDS[message.kind] - ageSeconds }))
      .filter((push) => push.ttlSeconds > 0);
  });
}
