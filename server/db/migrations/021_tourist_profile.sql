-- A tourist's profile (issue 34 point 1). An identity document is held only as its type and last 4
-- characters; contacts, itinerary and languages as JSON lists, written whole by a registration.
alter table tourists add column phone text;
alter table tourists add column nationality text;
alter table tourists add column languages jsonb not null default '[]';
alter table tourists add column id_type text;
alter table tourists add column id_last4 text check (id_last4 is null or length(id_last4) = 4);
alter table tourists add column emergency_contacts jsonb not null default '[]';
alter table tourists add column itinerary jsonb not null default '[]';
-- When the profile was last written: with no later activity, retention clears it (server/jobs/retention.ts).
alter table tourists add column profile_updated_at timestamptz;
create index tourists_profile_updated on tourists (profile_updated_at) where profile_updated_at is not null;

-- The profile's reads, each bounded by an index: a tourist's alert history newest first, the devices paired
-- with them and each one's last report, the Digital IDs bound to them, and the audit entries about them (export).
create index incidents_tourist_created on incidents (tourist_id, created_at desc) where tourist_id is not null;
create index devices_tourist on devices (tourist_id);
create index gps_last_device on gps_last (device_id) where device_id is not null;
create index audit_log_target on audit_log (target, seq desc) where target is not null;
create index did_bindings_tourist on did_bindings (tourist_id);
