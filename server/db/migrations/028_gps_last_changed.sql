-- Positions leave the durable stream (issue 48): servers on one PostgreSQL learn of each other's positions by
-- reading the last positions that changed since their previous look, once a second, instead of NOTIFY.
alter table gps_last add column changed_at timestamptz not null default now();
create index gps_last_changed on gps_last (changed_at);
