-- Operator accounts and their sessions (issue 10). Sessions live in the database so that several servers
-- on one PostgreSQL share them; the session id is kept only as its SHA-256, so a copy of the table signs
-- nobody in.
create table operators (
  username text primary key,
  role text not null check (role in ('viewer', 'operator', 'supervisor', 'admin')),
  -- null for accounts that sign in only through single sign-on
  password_hash text,
  source text not null default 'password' check (source in ('password', 'oidc')),
  created_at timestamptz not null default now()
);

create table operator_sessions (
  id_hash text primary key,
  username text not null,
  data jsonb not null,
  expires_at timestamptz not null
);
create index operator_sessions_expiry on operator_sessions (expires_at);

-- Server-wide secrets shared by every server on the same database (the session cookie's signing key).
create table server_secrets (
  name text primary key,
  value text not null
);
