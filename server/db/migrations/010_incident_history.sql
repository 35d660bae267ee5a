-- Every incident has a history (issue 11): who acknowledged and resolved it, who handles it, when the
-- server escalated it, and its timeline of acts and notes.
alter table incidents add column acknowledged_by text;
alter table incidents add column resolved_by text;
alter table incidents add column assignee text;
alter table incidents add column escalated_at timestamptz;
-- The escalation job's scan: open panics not yet escalated, oldest first.
create index incidents_escalation_due on incidents (created_at, id)
  where type = 'panic' and status = 'open' and escalated_at is null;

-- What happened to an incident after it was raised (`raised` itself is derived from the incident), in order.
create table incident_timeline (
  seq bigserial primary key,
  incident_id text not null references incidents (id) on delete cascade,
  at timestamptz not null,
  actor text not null,
  action text not null check (action in ('acknowledged', 'note', 'assigned', 'unassigned', 'escalated', 'resolved')),
  note text,
  assignee text
);
create index incident_timeline_incident on incident_timeline (incident_id, seq);
