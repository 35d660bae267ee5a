-- Outgoing notifications (issue 34 point 5): receivers an admin configures, and the outbox of what each must
-- be sent. A delivery row is written in the transaction that stores its incident and sent after commit, so
-- the panic path never waits on a receiver; its id is the idempotency id every attempt carries (webhook-id).
create table webhooks (
  id text primary key,
  name text not null,
  url text not null,
  -- Kept as written: signing needs the key itself (docs/webhooks.md, "Secrets").
  secret text not null,
  events text[] not null,
  -- null: every region.
  region_id text,
  -- null: every severity; else this one and those above it.
  min_severity text,
  enabled boolean not null default true,
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table webhook_deliveries (
  id text primary key,
  -- The delivery log's order and its page cursor.
  seq bigserial not null unique,
  webhook_id text not null references webhooks (id) on delete cascade,
  event_id text not null,
  event_type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  state text not null default 'pending' check (state in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  -- Retries stop this long after it (config): the creation, or the last "send again".
  window_start timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  -- While set and in the future one sender holds the row: no other process sends it.
  lease_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz
);
-- Few indexes: each one is written for every row the panic's transaction inserts. A dead letter's entry is
-- written when it dies, not then; the log by webhook walks seq backwards (admins' pages of 200 at most).
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending';
create index webhook_deliveries_dead on webhook_deliveries (seq) where state = 'dead';
