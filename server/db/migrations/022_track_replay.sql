-- Replay (issue 34 point 2): a tourist's zone entries and exits within a time range, read by
-- GET /tourists/{id}/track without scanning every tourist's events of those days. Its positions are found
-- through gps_pings_key_at (ping_key is the tourist's id when a ping names one), its incidents through 021's
-- incidents_tourist_created.
create index events_tourist_zone_created on events (tourist_id, created_at) where type in ('geofence_enter', 'geofence_exit');
