-- Every ping moves its key's last position. With `at` indexed, each move wrote a new row version and an
-- entry in both indexes; without it, and with room left in each page, the move is a heap-only update
-- (HOT): about half the cost of storing a batch's last positions (issue 12). /gps/last and /gps/history
-- now sort the keys instead of walking this index: a few ms per 10,000 keys, read far less often than
-- pings are written, and each chunk builds its JSON only for the rows it keeps.
drop index if exists gps_last_newest;
alter table gps_last set (fillfactor = 50);
