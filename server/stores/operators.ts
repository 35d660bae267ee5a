import type { Role } from '../../src/api/roles.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

export interface OperatorAccount {
  username: string;
  role: Role;
  passwordHash: string | null;
  source: 'password' | 'oidc';
  createdAt: string;
  disabled: boolean;
  mustChangePassword: boolean;
  lastSignInAt: string | null;
}

interface OperatorRow {
  username: string;
  role: Role;
  password_hash: string | null;
  source: 'password' | 'oidc';
  created_at: Date | string;
  disabled: boolean;
  must_change_password: boolean;
  last_sign_in_at: Date | string | null;
}

const accountFromRow = (row: OperatorRow): OperatorAccount => ({
  username: row.username,
  role: row.role,
  passwordHash: row.password_hash,
  source: row.source,
  createdAt: iso(row.created_at),
  disabled: row.disabled,
  mustChangePassword: row.must_change_password,
  lastSignInAt: iso(row.last_sign_in_at),
});

export async function findOperator(db: Sql, username: string): Promise<OperatorAccount | undefined> {
  const { rows } = await db.query<OperatorRow>('select * from operators where username = $1', [username]);
  return rows[0] && accountFromRow(rows[0]);
}

export async function listOperators(db: Sql): Promise<OperatorAccount[]> {
  const { rows } = await db.query<OperatorRow>('select * from operators order by username');
  return rows.map(accountFromRow);
}

export async function countOperators(db: Sql): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>('select count(*) as count from operators');
  return Number(rows[0].count);
}

/** Creates the account; false when the name is taken. */
export async function createOperator(
  db: Sql,
  account: {
    username: string;
    role: Role;
    passwordHash: string | null;
    source: 'password' | 'oidc';
    mustChangePassword?: boolean;
  },
): Promise<boolean> {
  const { rows } = await db.query<{ username: string }>(
    `insert into operators (username, role, password_hash, source, must_change_password) values ($1, $2, $3, $4, $5)
     on conflict (username) do nothing returning username`,
    [account.username, account.role, account.passwordHash, account.source, account.mustChangePassword ?? false],
  );
  return rows.length === 1;
}

/** Single sign-on accounts follow the identity provider: the role of the latest sign-in wins. */
export async function upsertSsoOperator(db: Sql, username: string, role: Role): Promise<void> {
  await db.query(
    `insert into operators (username, role, password_hash, source) values ($1, $2, null, 'oidc')
     on conflict (username) do update set role = excluded.role where operators.source = 'oidc'`,
    [username, role],
  );
}
