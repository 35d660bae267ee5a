-- The local DID chain: each anchor's digest covers its height, its content hash and the digest before it,
-- so editing, deleting or reordering a row breaks a link that GET /did/chain finds.
alter table did_anchors add column height bigint;
alter table did_anchors add column content_hash text;
-- Appends are serialised by a lock; a unique height is the last guard against a forked chain.
create unique index did_anchors_height on did_anchors (height);
