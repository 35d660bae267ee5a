// The outbox: an incident's event is written in the transaction that stores the incident, one row per
// enabled webhook it matches, by one insert, and sent after commit (server/webhooks/sender.ts):
// the panic's transaction never waits on a receiver.
import { randomUUID } from 'node:crypto';
import type { Alert, Incident } from '../../src/api/entities.ts';
import type { WebhookEventType } from '../../src/api/webhooks.ts';
import type { Sql } from '../db/seam.ts';
import { serverClock } from '../domain/server-clock.ts';

export interface OutboxEvent {
  id: string;
  type: string;
  at: string;
  regionId: string;
  severity: Incident['severity'];
  data: { incident: Incident; alert?: Alert } | Record<string, unknown>;
}

export function incidentEvent(type: WebhookEventType, incident: Incident, alert?: Alert): OutboxEvent {
  return {
    id: `evt_${randomUUID()}`,
    type,
    at: serverClock.iso(),
    regionId: incident.regionId,
    severity: incident.severity,
    data: { incident, ...(alert && { alert }) },
  };
}

const SEVERITY_ORDER: readonly string[] = ['low', 'medium', 'high'];

interface Subscriber {
  id: string;
  events: string[];
  region_id: string | null;
  min_severity: string | null;
}

function subscribes(webhook: Subscriber, event: OutboxEvent): boolean {
  return (
    webhook.events.includes(event.type) &&
    (webhook.region_id === null || webhook.region_id === event.regionId) &&
    (webhook.min_severity === null ||
      SEVERITY_ORDER.indexOf(event.severity) >= SEVERITY_ORDER.indexOf(webhook.min_severity))
  );
}

/**
 * Each event once for every enabled webhook that subscribes to it, in its region filter and severity floor.
 * The subscribers are read first (none, the default, costs that read alone) and matched here; the rows go in
 * as one plain insert, each event's payload serialised and bound once. This is in every panic's transaction,
 * and ten panics queued at once pay it ten times: on PGlite, with three webhooks, the check followed by one
 * INSERT ... SELECT that joined the events as jsonb to the webhooks and built each payload in SQL took 2.9 to
 * 3.4 ms of CPU per panic, this 1.8 to 2.4 ms, the three rows' insert alone 0.7 to 0.9 ms (2026-11-27, best
 * of 4 rounds of 300 transactions, bench/README.md).
 */
export async function enqueueWebhookEvents(tx: Sql, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const types = [...new Set(events.map((event) => event.type))];
  const { rows: webhooks } = await tx.query<Subscriber>(
    'select id, events, region_id, min_severity from webhooks where enabled and events && $1::text[]',
    [types],
  );
  if (webhooks.length === 0) return;
  // Each event's id, type and payload are bound once, whatever the number of its rows.
  const params: string[] = [];
  const rows: string[] = [];
  for (const event of events) {
    const subscribers = webhooks.filter((webhook) => subscribes(webhook, event));
    if (subscribers.length === 0) continue;
    params.push(
      event.id,
      event.type,
      JSON.stringify({ id: event.id, type: event.type, timestamp: event.at, data: event.data }),
    );
    const shared = `$${params.length - 2}, $${params.length - 1}, $${params.length}`;
    for (const webhook of subscribers) {
      params.push(`msg_${randomUUID().replaceAll('-', '')}`, webhook.id);
      rows.push(`($${params.length - 1}, $${params.length}, ${shared})`);
    }
  }
  if (rows.length === 0) return;
  await tx.query(
    `insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload) values ${rows.join(', ')}`,
    params,
  );
}

/** One event to one webhook whatever it subscribes to (an admin's test): answers the delivery's id. */
export async function enqueueDirect(tx: Sql, webhookId: string, event: OutboxEvent): Promise<string> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  await tx.query(
    `insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload) values ($1, $2, $3, $4, $5)`,
    [
      id,
      webhookId,
      event.id,
      event.type,
      JSON.stringify({ id: event.id, type: event.type, timestamp: event.at, data: event.data }),
    ],
  );
  return id;
}
