-- The whole schema. Every change the stream announces is written in the same transaction as its
-- stream_events row, so a client that was told about it can always read it back, and vice versa.

create table regions (
  id text primary key,
  name text not null,
  center_lat double precision not null,
  center_lng double precision not null,
  time_zone text not null,
  contacts jsonb not null default '[]'
);

insert into regions (id, name, center_lat, center_lng, time_zone, contacts) values
  ('default', 'Default', 20.5937, 78.9629, 'Asia/Kolkata', '[{"label":"Emergency","phone":"112"}]'),
  ('shillong', 'Shillong', 25.5788, 91.8933, 'Asia/Kolkata', '[{"label":"Emergency","phone":"112"},{"label":"Meghalaya Tourism","phone":"+91-364-2226220"}]'),
  ('guwahati', 'Guwahati', 26.1445, 91.7362, 'Asia/Kolkata', '[{"label":"Emergency","phone":"112"},{"label":"Assam Tourism","phone":"+91-361-2633654"}]'),
  ('bengaluru', 'Bengaluru', 12.9716, 77.5946, 'Asia/Kolkata', '[{"label":"Emergency","phone":"112"}]');

create table geofences (
  id text primary key,
  name text not null,
  risk_level text not null check (risk_level in ('red', 'yellow', 'green')),
  region_id text not null,
  polygon jsonb not null,
  meta jsonb not null default '{}',
  min_lat double precision not null,
  max_lat double precision not null,
  min_lng double precision not null,
  max_lng double precision not null,
  updated_at timestamptz not null default now()
);
create index geofences_region on geofences (region_id);

create table incidents (
  id text primary key,
  type text not null,
  severity text not null,
  status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved')),
  latitude double precision not null,
  longitude double precision not null,
  created_at timestamptz not null,
  acknowledged_at timestamptz,
  resolved_at timestamptz,
  region_id text not null default 'default',
  tourist_id text,
  device_id text,
  meta jsonb not null default '{}'
);
create index incidents_created on incidents (created_at desc);
create index incidents_region_created on incidents (region_id, created_at desc);

create table alerts (
  id text primary key,
  incident_id text not null references incidents (id),
  latitude double precision not null,
  longitude double precision not null,
  at timestamptz not null,
  region_id text not null,
  tourist_id text,
  device_id text,
  geofence_id text,
  risk_level text,
  place_id text
);
create index alerts_at on alerts (at desc);

create table idempotency_keys (
  key text primary key,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now()
);

create table gps_pings (
  id bigserial primary key,
  ping_key text not null,
  tourist_id text,
  device_id text,
  latitude double precision not null,
  longitude double precision not null,
  at timestamptz not null
);
create index gps_pings_key_at on gps_pings (ping_key, at desc);
create index gps_pings_at on gps_pings (at desc);

create table gps_last (
  ping_key text primary key,
  tourist_id text,
  device_id text,
  latitude double precision not null,
  longitude double precision not null,
  at timestamptz not null
);

-- Which red/yellow zones each tourist or device is inside now, to detect entry and exit.
create table zone_presence (
  ping_key text not null,
  geofence_id text not null,
  entered_at timestamptz not null,
  primary key (ping_key, geofence_id)
);

create table events (
  id text primary key,
  type text not null,
  device_id text,
  tourist_id text,
  payload jsonb,
  created_at timestamptz not null
);
create index events_created on events (created_at desc);

create table tourists (
  id text primary key,
  name text,
  created_at timestamptz not null default now()
);

create table devices (
  id text primary key,
  tourist_id text not null,
  ble_address text,
  created_at timestamptz not null default now()
);

create table did_anchors (
  position bigserial primary key,
  id text not null unique,
  did_id text not null,
  digest text not null,
  prev_digest text,
  chain text not null default 'local',
  status text not null,
  created_at timestamptz not null
);
create index did_anchors_did on did_anchors (did_id);

create table stream_events (
  seq bigserial primary key,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
