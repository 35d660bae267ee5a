import type { AccountSummary } from '../../src/api/accounts.ts';
import type { OperatorAccount } from './operators.ts';

/** What an admin reads of an account: everything but its password hash. */
export const accountSummary = ({
  username,
  role,
  createdAt,
  source,
  disabled,
  lastSignInAt,
  mustChangePassword,
}: OperatorAccount): AccountSummary => ({
  username,
  role,
  createdAt,
  source,
  disabled,
  lastSignInAt,
  mustChangePassword,
});
