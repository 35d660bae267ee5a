-- The audit trail: every operator write and sign-in, append-only, each entry hashing the one before it so
-- that an edited, deleted or reordered entry is found by GET /audit/verify.
create table audit_log (
  seq bigint primary key,
  at timestamptz not null,
  actor text not null,
  role text,
  address text,
  action text not null,
  target text,
  detail jsonb not null default '{}',
  prev_hash text,
  hash text not null
);
create index audit_log_actor on audit_log (actor, seq desc);
create index audit_log_action on audit_log (action, seq desc);
