-- Which transaction last wrote each incident (issue 12): the dashboard's silent reload after a stream
-- message asks only for the incidents written since its last answer, not for 10,000 of them again.
-- A transaction id, not a sequence: on PostgreSQL a later number can commit first, and a reader that
-- remembered the highest number seen would then miss the earlier one. A reader remembers instead the
-- oldest transaction still running when it read (pg_snapshot_xmin); everything older had finished.
alter table incidents add column changed_xid xid8 not null default pg_current_xact_id();
create index incidents_changed_xid on incidents (changed_xid);
create function incidents_mark_changed() returns trigger language plpgsql as $$ begin new.changed_xid := pg_current_xact_id(); return new; end $$;
create trigger incidents_mark_changed before update on incidents for each row execute function incidents_mark_changed();
