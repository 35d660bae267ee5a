import type { Role } from '../../src/api/roles.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

export interface OperatorAccount {
  username: string;
  role: Role;
  passwordHash: string | null;
  source: 'password' | 'oidc';
  createdAt: string;
}

interface OperatorRow {
  username: string;
  role: Role;
  password_hash: string | null;
  source: 'password' | 'oidc';
  created_at: Date | string;
}

const accountFromRow = (row: OperatorRow): OperatorAccount => ({
  username: row.username,
  role: row.role,
  passwordHash: row.password_hash,
  source: row.source,
  createdAt: iso(row.created_at),
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
  account: { username: string; role: Role; passwordHash: string | null; source: 'password' | 'oidc' },
): Promise<boolean> {
  const { rows } = await db.query<{ username: string }>(
    `insert into operators (username, role, password_hash, source) values ($1, $2, $3, $4)
     on conflict (username) do nothing returning username`,
    [account.username, account.role, account.passwordHash, account.source],
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
