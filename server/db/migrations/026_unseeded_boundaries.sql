-- A fresh install has no region boundaries (issue 46): SPEC §3 and API.md file a panic outside every zone
-- under `default`, the region the dashboard opens on, and a boundary is what a supervisor draws in the
-- Regions view. 014 drew approximate outlines for Shillong and Guwahati and added a state region, Assam;
-- they go again here, on a new store and on a store 014 made, but only where nobody has written the region
-- since: its updated_at is still 014's (every region write sets it; 014's statements and its
-- schema_migrations row share one transaction, so one now()) and its boundary still the seeded one.
-- Nothing is audited: the audit chain's hashes are computed by the server, and no operator acted.

-- Assam goes entirely when nothing refers to it: no zone, incident, alert, watched tourist, watch settings,
-- webhook or push subscription, and no unit but its untouched demo one, never dispatched. A store that
-- used it keeps the region (its incidents stay filterable) and loses only the untouched boundary, below.
delete from regions as r
 where r.id = 'assam'
   and r.updated_at <= (select applied_at from schema_migrations where version = '014_region_setup.sql')
   and r.boundary = '[[26.45,89.70],[26.85,90.00],[26.80,91.50],[26.95,92.10],[27.05,93.00],[27.50,94.20],[27.95,95.30],[27.90,96.00],[27.30,95.90],[26.95,95.20],[26.50,94.40],[25.90,93.80],[25.20,93.30],[24.80,93.20],[24.20,92.80],[24.60,92.20],[25.10,92.40],[25.90,92.30],[26.05,91.95],[26.05,91.50],[25.95,90.60],[25.85,89.85]]'::jsonb
   and not exists (select 1 from geofences where region_id = r.id)
   and not exists (select 1 from incidents where region_id = r.id)
   and not exists (select 1 from alerts where region_id = r.id)
   and not exists (select 1 from watch_last where region_id = r.id)
   and not exists (select 1 from watch_settings where region_id = r.id)
   and not exists (select 1 from webhooks where region_id = r.id)
   and not exists (select 1 from push_subscriptions where r.id = any (region_ids))
   and not exists (
     select 1 from responder_units as u
      where u.region_id = r.id
        and (not u.demo or exists (select 1 from incident_dispatches as d where d.unit_id = u.id))
   );

update regions as r
   set boundary = null, updated_at = now()
  from (values
    ('shillong', '[[25.625,91.84],[25.625,91.93],[25.60,91.955],[25.545,91.945],[25.53,91.86],[25.56,91.83]]'::jsonb),
    ('guwahati', '[[26.225,91.60],[26.225,91.85],[26.15,91.90],[26.08,91.85],[26.08,91.62],[26.13,91.58]]'::jsonb),
    ('assam', '[[26.45,89.70],[26.85,90.00],[26.80,91.50],[26.95,92.10],[27.05,93.00],[27.50,94.20],[27.95,95.30],[27.90,96.00],[27.30,95.90],[26.95,95.20],[26.50,94.40],[25.90,93.80],[25.20,93.30],[24.80,93.20],[24.20,92.80],[24.60,92.20],[25.10,92.40],[25.90,92.30],[26.05,91.95],[26.05,91.50],[25.95,90.60],[25.85,89.85]]'::jsonb)
  ) as seeded (id, boundary)
 where r.id = seeded.id
   and r.boundary = seeded.boundary
   and r.updated_at <= (select applied_at from schema_migrations where version = '014_region_setup.sql');
