-- Panics are ordered and filtered by the server's receive time (created_at, alerts.at); the time a
-- phone reported is kept beside it and never used to hide or order.
alter table incidents add column reported_at timestamptz;
alter table alerts add column reported_at timestamptz;

-- Unresolved panics are always listed, whatever the window or cap: this keeps finding them cheap.
create index incidents_unresolved_panics on incidents (region_id, created_at desc) where type = 'panic' and status <> 'resolved';
create index alerts_incident on alerts (incident_id);
create index idempotency_keys_created on idempotency_keys (created_at);
