-- /gps/last and /gps/history read the most recently seen keys first, capped: with this index that is a
-- short index walk instead of a sort of every key, so the read holds the store only briefly.
create index gps_last_newest on gps_last (at desc, ping_key);
