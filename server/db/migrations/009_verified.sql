-- Whether the call that raised an alert or incident proved its tourist with a device token (issue 10).
-- Rows stored before device tokens existed came from calls that proved nothing: they read false.
alter table alerts add column verified boolean not null default false;
alter table incidents add column verified boolean not null default false;
