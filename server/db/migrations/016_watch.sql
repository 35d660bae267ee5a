-- The watch (issue 32): what the server last saw of each tourist or device, so that silence and standing
-- still become incidents. One row per ping key, written by the GPS group commit in the statement that
-- stores the pings; `due_at` is when the check job must next look at it (null: nothing can come due
-- without a new ping), so a check pass is a range scan of watch_last_due.
create table watch_last (
  ping_key text primary key,
  tourist_id text,
  device_id text,
  region_id text not null,
  -- Server receive times only: a phone's clock never decides silence.
  seen_at timestamptz not null,
  recent_seen timestamptz[] not null,
  latitude double precision not null,
  longitude double precision not null,
  zone_id text,
  zone_risk text,
  still_since timestamptz not null,
  still_lat double precision not null,
  still_lng double precision not null,
  last_soft_alert text,
  silent_raised_for timestamptz,
  stranded_raised_for timestamptz,
  due_at timestamptz
);
create index watch_last_due on watch_last (due_at) where due_at is not null;

-- A region's rule settings (absent: the documented defaults); a partial PUT changes only what it names.
create table watch_settings (
  region_id text primary key,
  settings jsonb not null,
  updated_at timestamptz not null default now()
);

-- An operator's pause of one tourist's watch, until a time: it ends by itself.
create table watch_pauses (
  tourist_id text primary key,
  until timestamptz not null,
  reason text not null,
  paused_by text not null,
  created_at timestamptz not null
);

-- One open watch incident per tourist (ping key) and rule, whatever the number of servers checking.
alter table incidents add column watch_key text;
create unique index incidents_open_watch on incidents (watch_key, type) where watch_key is not null and status <> 'resolved';
-- High-severity watch incidents escalate like panics.
create index incidents_watch_escalation_due on incidents (created_at, id)
  where type in ('silent', 'stranded') and severity = 'high' and status = 'open' and escalated_at is null;

alter table incident_timeline drop constraint incident_timeline_action_check;
alter table incident_timeline add constraint incident_timeline_action_check
  check (action in ('acknowledged', 'note', 'assigned', 'unassigned', 'escalated', 'resolved', 'reported_again', 'watch_paused', 'watch_resumed'));
