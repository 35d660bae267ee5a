// What an admin changes about an account (issue 31), and what follows in its stored sessions. Every function
// runs in the caller's transaction, beside the act's audit entry.
import type { Role } from '../../src/api/roles.ts';
import type { Sql } from '../db/seam.ts';

/** Held while the rule "one enabled admin at least" is checked and kept: two admins demoting each other at once cannot both win. */
const ACCOUNTS_LOCK = 7_300_310;

export async function lockAccounts(tx: Sql): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext(current_schema()))', [ACCOUNTS_LOCK]);
}

/** Enabled admins other than `username`. */
export async function otherEnabledAdmins(tx: Sql, username: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from operators where role = 'admin' and not disabled and username <> $1`,
    [username],
  );
  return rows[0].n;
}

export async function updateAccount(
  tx: Sql,
  username: string,
  change: { role: Role; disabled: boolean },
): Promise<void> {
  await tx.query('update operators set role = $2, disabled = $3 where username = $1', [
    username,
    change.role,
    change.disabled,
  ]);
}

export async function setPasswordHash(
  tx: Sql,
  username: string,
  passwordHash: string,
  mustChangePassword: boolean,
): Promise<void> {
  await tx.query('update operators set password_hash = $2, must_change_password = $3 where username = $1', [
    username,
    passwordHash,
    mustChangePassword,
  ]);
}

export async function recordSignIn(tx: Sql, username: string): Promise<void> {
  await tx.query('update operators set last_sign_in_at = now() where username = $1', [username]);
}

/**
 * Ends every session of the account, and tells every server sharing the database (NOTIFY, delivered at
 * commit) to check its open event streams against their sessions at once. Answers how many ended.
 */
export async function endSessionsOf(tx: Sql, username: string, channel: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `with ended as (delete from operator_sessions where username = $1 returning 1)
     select count(*)::int as n, pg_notify($2, $1) from ended`,
    [username, channel],
  );
  return rows[0].n;
}

/** The sessions' copy of the role follows the account's: their next request acts with the new one. */
export async function setSessionsRole(tx: Sql, username: string, role: Role): Promise<void> {
  await tx.query(
    `update operator_sessions set data = jsonb_set(data, '{operator,role}', to_jsonb($2::text)) where username = $1 and data ? 'operator'`,
    [username, role],
  );
}

/** Once a new password is chosen, the account's other sessions (another tab) are let through too. */
export async function clearSessionsMustChange(tx: Sql, username: string): Promise<void> {
  await tx.query(`update operator_sessions set data = data - 'mustChangePassword' where username = $1`, [username]);
}
