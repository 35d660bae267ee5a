// Operators' Web Push subscriptions (issue 35 point 5): one row per browser, keyed by its push endpoint.
import type { PushSubscriptionInfo } from '../../src/api/push.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface SubscriptionRow {
  endpoint: string;
  operator: string;
  p256dh: string;
  auth: string;
  region_ids: string[];
  events: string[];
  created_at: Date | string;
}

/** What the sender needs to encrypt for one browser. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface NewSubscription extends PushTarget {
  operator: string;
  regionIds: string[];
  events: string[];
}

const infoFromRow = (row: SubscriptionRow): PushSubscriptionInfo => ({
  endpoint: row.endpoint,
  regionIds: row.region_ids,
  events: row.events,
  createdAt: iso(row.created_at),
});

export async function listSubscriptions(db: Sql, operator: string): Promise<PushSubscriptionInfo[]> {
  const { rows } = await db.query<SubscriptionRow>(
    'select * from push_subscriptions where operator = $1 order by created_at, endpoint',
    [operator],
  );
  return rows.map(infoFromRow);
}

/** How many browsers the operator has subscribed, not counting `endpoint` (a renewal replaces it). */
export async function countOtherSubscriptions(db: Sql, operator: string, endpoint: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from push_subscriptions where operator = $1 and endpoint <> $2',
    [operator, endpoint],
  );
  return rows[0].n;
}

/** Stores it, or replaces what the same browser subscribed before (maybe as another operator). */
export async function upsertSubscription(db: Sql, subscription: NewSubscription): Promise<PushSubscriptionInfo> {
  const { rows } = await db.query<SubscriptionRow>(
    `insert into push_subscriptions (endpoint, operator, p256dh, auth, region_ids, events) values ($1, $2, $3, $4, $5, $6)
     on conflict (endpoint) do update set operator = excluded.operator, p256dh = excluded.p256dh, auth = excluded.auth,
       region_ids = excluded.region_ids, events = excluded.events, created_at = now()
     returning *`,
    [
      subscription.endpoint,
      subscription.operator,
      subscription.keys.p256dh,
      subscription.keys.auth,
      subscription.regionIds,
      subscription.events,
    ],
  );
  return infoFromRow(rows[0]);
}

export async function deleteSubscription(db: Sql, operator: string, endpoint: string): Promise<boolean> {
  const { rows } = await db.query(
    'delete from push_subscriptions where operator = $1 and endpoint = $2 returning endpoint',
    [operator, endpoint],
  );
  return rows.length > 0;
}

/** The push service said this browser's subscription is gone (404, 410). */
export async function forgetEndpoint(db: Sql, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
}

/** The browsers that want this event in this region. */
export async function targetsFor(db: Sql, event: string, regionId: string): Promise<PushTarget[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `select endpoint, p256dh, auth from push_subscriptions
      where $1 = any(events) and (cardinality(region_ids) = 0 or $2 = any(region_ids))`,
    [event, regionId],
  );
  return rows.map((row) => ({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
}
