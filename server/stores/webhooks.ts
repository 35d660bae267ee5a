// The webhooks an admin configured (issue 34 point 5). The secret is read only by the sender, never answered.
import { randomUUID } from 'node:crypto';
import type { Webhook, WebhookCreateBody, WebhookUpdateBody } from '../../src/api/webhooks.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface WebhookRow {
  id: string;
  name: string;
  url: string;
  events: string[];
  region_id: string | null;
  min_severity: Webhook['minSeverity'];
  enabled: boolean;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, url, events, region_id, min_severity, enabled, created_by, created_at, updated_at';

function webhookFromRow(row: WebhookRow): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    regionId: row.region_id,
    minSeverity: row.min_severity,
    enabled: row.enabled,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function listWebhooks(db: Sql): Promise<Webhook[]> {
  const { rows } = await db.query<WebhookRow>(`select ${COLUMNS} from webhooks order by created_at, id`);
  return rows.map(webhookFromRow);
}

/** `lock`: FOR UPDATE, for a change that reads it first. */
export async function findWebhook(db: Sql, id: string, lock = false): Promise<Webhook | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `select ${COLUMNS} from webhooks where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && webhookFromRow(rows[0]);
}

export async function insertWebhook(
  tx: Sql,
  body: Omit<WebhookCreateBody, 'secret'> & { name: string },
  secret: string,
  createdBy: string,
): Promise<Webhook> {
  const { rows } = await tx.query<WebhookRow>(
    `insert into webhooks (id, name, url, secret, events, region_id, min_severity, enabled, created_by)
     values ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9) returning ${COLUMNS}`,
    [
      `wh_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      body.name,
      body.url,
      secret,
      body.events,
      body.regionId,
      body.minSeverity,
      body.enabled,
      createdBy,
    ],
  );
  return webhookFromRow(rows[0]);
}

/** Changes what `patch` names; a new `secret` replaces the old one. */
export async function updateWebhook(
  tx: Sql,
  id: string,
  patch: Omit<WebhookUpdateBody, 'rotateSecret'>,
  secret?: string,
): Promise<Webhook | undefined> {
  const has = (field: keyof typeof patch) => patch[field] !== undefined;
  const { rows } = await tx.query<WebhookRow>(
    `update webhooks set
       name = case when $2 then $3 else name end,
       url = case when $4 then $5 else url end,
       events = case when $6 then $7::text[] else events end,
       region_id = case when $8 then $9 else region_id end,
       min_severity = case when $10 then $11 else min_severity end,
       enabled = case when $12 then $13 else enabled end,
       secret = coalesce($14, secret),
       updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [
      id,
      has('name'),
      patch.name ?? null,
      has('url'),
      patch.url ?? null,
      has('events'),
      patch.events ?? null,
      has('regionId'),
      patch.regionId ?? null,
      has('minSeverity'),
      patch.minSeverity ?? null,
      has('enabled'),
      patch.enabled ?? null,
      secret ?? null,
    ],
  );
  return rows[0] && webhookFromRow(rows[0]);
}

/** Its deliveries go with it (the log and the dead letters of a receiver no longer configured). */
export async function deleteWebhook(tx: Sql, id: string): Promise<boolean> {
  const { rows } = await tx.query('delete from webhooks where id = $1 returning id', [id]);
  return rows.length > 0;
}
