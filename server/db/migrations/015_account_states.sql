-- Accounts managed from the browser (issue 31): an account may be disabled (its sessions end, it cannot sign
-- in), may have to choose a new password at its next sign-in (created or reset with a temporary one), and
-- shows when it last signed in.
alter table operators add column disabled boolean not null default false;
alter table operators add column must_change_password boolean not null default false;
alter table operators add column last_sign_in_at timestamptz;
create index operator_sessions_username on operator_sessions (username);
