-- Events sent together share one time; their insertion position keeps "newest first" stable and in the
-- order they were sent.
alter table events add column position bigserial;

create index events_created_position on events (created_at desc, position desc);
