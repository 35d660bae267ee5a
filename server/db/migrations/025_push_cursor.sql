-- Web Push at least once (issue 35 point 5): the last stream event the push sender has handled. Every
-- panic's and escalation's stream row commits in its own transaction; after commit (and on a slow poll, for
-- other servers' commits and the start's journal replay) a server leases this row, pushes the events after
-- it, and only then moves it. A crash before the move pushes them again at the next start.
create table push_cursor (
  singleton boolean primary key default true check (singleton),
  last_seq bigint not null,
  -- The server pushing the events after last_seq, until lease_until; a lease run out is taken over.
  holder text,
  lease_until timestamptz
);
-- A store that already has a history starts at its newest event: nothing from before is pushed.
insert into push_cursor (last_seq) select coalesce(max(seq), 0) from stream_events;
