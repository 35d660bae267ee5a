-- Zones edited from the console (issue 31): each has a version for optimistic concurrency (If-Match), and
-- who saved it last and when (updated_at existed already).
alter table geofences add column version integer not null default 1;
alter table geofences add column updated_by text;

-- Every write to the zones, by any route or by hand, moves one counter in the writing transaction: a GPS
-- group reads it (one row, not a scan of every zone) to know whether the zones it keeps in memory are still
-- the ones its transaction sees, on every server sharing the database.
create table zone_revision (only_row boolean primary key default true check (only_row), revision bigint not null);
insert into zone_revision (only_row, revision) values (true, 0);
create function geofences_bump_revision() returns trigger language plpgsql as $$ begin update zone_revision set revision = revision + 1; return null; end $$;
create trigger geofences_bump_revision after insert or update or delete on geofences for each statement execute function geofences_bump_revision();

-- A panic is placed by the zones whose bounding box holds it: with thousands of zones, found by index.
create index geofences_box on geofences (min_lat, max_lat, min_lng, max_lng);
