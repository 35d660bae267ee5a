-- Responders (issue 34 points 3 and 4): each region's directory of units, and the units sent to incidents.
create table responder_units (
  id text primary key,
  region_id text not null references regions (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('police_station', 'ambulance', 'hospital', 'fire', 'rescue_team')),
  phone text not null,
  latitude double precision not null,
  longitude double precision not null,
  available boolean not null default true,
  -- Seeded for a demonstration: positions near the real services, numbers the national ones.
  demo boolean not null default false,
  updated_at timestamptz not null default now()
);
create index responder_units_region on responder_units (region_id, name);

-- One row per unit sent; an incident may have several (a second unit sent). unit_id is not a foreign key:
-- the record stays when an admin later deletes the unit, and a typed unit has none.
create table incident_dispatches (
  id text primary key,
  incident_id text not null references incidents (id) on delete cascade,
  unit_id text,
  unit_name text not null,
  unit_kind text,
  state text not null check (state in ('dispatched', 'on_scene', 'stood_down', 'handed_over')),
  dispatched_at timestamptz not null,
  dispatched_by text not null,
  on_scene_at timestamptz,
  closed_at timestamptz,
  closed_by text
);
create index incident_dispatches_incident on incident_dispatches (incident_id, dispatched_at);

-- The first dispatch and the first arrival, on the incident: its time to dispatch and time to scene.
alter table incidents add column dispatched_at timestamptz;
alter table incidents add column on_scene_at timestamptz;

alter table incident_timeline add column unit text;
alter table incident_timeline drop constraint incident_timeline_action_check;
alter table incident_timeline add constraint incident_timeline_action_check
  check (action in ('acknowledged', 'note', 'assigned', 'unassigned', 'escalated', 'resolved', 'reported_again', 'watch_paused',
    'watch_resumed', 'dispatched', 'on_scene', 'stood_down', 'handed_over'));

-- Demo units of the seeded regions, placed near the services they are named after (OpenStreetMap's base map,
-- approximate), with India's national numbers: marked demo, for an admin to replace with the real ones.
insert into responder_units (id, region_id, name, kind, phone, latitude, longitude, available, demo)
select v.id, v.region_id, v.name, v.kind, v.phone, v.latitude, v.longitude, v.available, true
  from (values
    ('demo-shillong-police-sadar', 'shillong', 'Sadar police station (demo)', 'police_station', '100', 25.5760, 91.8830, true),
    ('demo-shillong-police-laitumkhrah', 'shillong', 'Laitumkhrah police station (demo)', 'police_station', '100', 25.5700, 91.8980, true),
    ('demo-shillong-hospital-civil', 'shillong', 'Civil Hospital (demo)', 'hospital', '108', 25.5735, 91.8870, true),
    ('demo-shillong-ambulance-1', 'shillong', 'Ambulance 108 Shillong-1 (demo)', 'ambulance', '108', 25.5820, 91.8950, true),
    ('demo-shillong-fire-central', 'shillong', 'Fire station, Police Bazaar (demo)', 'fire', '101', 25.5775, 91.8815, true),
    ('demo-shillong-rescue-sdrf', 'shillong', 'SDRF rescue team (demo)', 'rescue_team', '1070', 25.5650, 91.8750, false),
    ('demo-guwahati-police-paltan', 'guwahati', 'Paltan Bazaar police station (demo)', 'police_station', '100', 26.1830, 91.7500, true),
    ('demo-guwahati-hospital-gmch', 'guwahati', 'Gauhati Medical College Hospital (demo)', 'hospital', '108', 26.1570, 91.7700, true),
    ('demo-guwahati-ambulance-1', 'guwahati', 'Ambulance 108 Guwahati-1 (demo)', 'ambulance', '108', 26.1445, 91.7362, true),
    ('demo-guwahati-fire-panbazar', 'guwahati', 'Fire station, Panbazar (demo)', 'fire', '101', 26.1880, 91.7450, true),
    ('demo-guwahati-rescue-sdrf', 'guwahati', 'SDRF rescue team (demo)', 'rescue_team', '1070', 26.1300, 91.7200, true),
    ('demo-bengaluru-police-cubbon', 'bengaluru', 'Cubbon Park police station (demo)', 'police_station', '100', 12.9760, 77.5950, true),
    ('demo-bengaluru-hospital-bowring', 'bengaluru', 'Bowring Hospital (demo)', 'hospital', '108', 12.9840, 77.6040, true),
    ('demo-bengaluru-ambulance-1', 'bengaluru', 'Ambulance 108 Bengaluru-1 (demo)', 'ambulance', '108', 12.9716, 77.5946, true),
    ('demo-bengaluru-fire-central', 'bengaluru', 'Fire station, Central (demo)', 'fire', '101', 12.9680, 77.5870, true),
    ('demo-assam-rescue-ndrf', 'assam', 'NDRF rescue team, Patgaon (demo)', 'rescue_team', '1070', 26.1000, 91.5900, true),
    ('demo-default-ambulance', 'default', 'Ambulance 108 (demo)', 'ambulance', '108', 20.5937, 78.9629, true)
  ) as v (id, region_id, name, kind, phone, latitude, longitude, available)
  where exists (select 1 from regions where regions.id = v.region_id);
