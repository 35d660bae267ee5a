-- A Digital ID issued without a tourist (as the reference phone app asks for one) proves nobody until a
-- supervisor who saw the person binds it to a registered tourist (issue 30). Rows are kept after an
-- unbind, so the record of who vouched for whom stays; one binding per DID is current at a time.
create sequence did_binding_changes;
create table did_bindings (
  id text primary key,
  did_id text not null,
  tourist_id text not null,
  bound_by text not null,
  bound_at timestamptz not null,
  unbound_by text,
  unbound_at timestamptz,
  -- Taken again on every change, so a server catching up reads only what changed since it last looked.
  changed bigint not null default nextval('did_binding_changes')
);
create unique index did_bindings_current on did_bindings (did_id) where unbound_at is null;
create index did_bindings_changed on did_bindings (changed);

-- Which tourists each unbound DID's token was sent with: what a supervisor checks before binding.
create table did_uses (
  did_id text not null,
  tourist_id text not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  uses integer not null default 1,
  primary key (did_id, tourist_id)
);

-- A phone reads its own tourist's alerts (GET /panic-alerts with its device token).
create index alerts_tourist_at on alerts (tourist_id, at desc);
