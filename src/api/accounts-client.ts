// The Accounts view's calls and the operator's own password change (issue 31), checked against their contracts.
import {
  AccountResponse,
  ChangePasswordResponse,
  CreateUserResponse,
  ResetPasswordResponse,
  SignOutAccountResponse,
  UsersResponse,
  type AccountPatchBody,
  type AccountSummary,
} from './accounts.ts';
import type { SignedInUser } from './auth.ts';
import { jsonPost, parsed } from './client.ts';
import type { Role } from './roles.ts';

const accountUrl = (username: string, act = '') => `/auth/users/${encodeURIComponent(username)}${act}`;

export const fetchAccounts = (): Promise<AccountSummary[]> =>
  parsed(UsersResponse, '/auth/users').then((answer) => answer.users);

/** A new account with a temporary password, which the answer carries this once. */
export const createAccount = (username: string, role: Role): Promise<string> =>
  parsed(CreateUserResponse, '/auth/users', jsonPost({ username, role })).then(
    (answer) => answer.temporaryPassword ?? '',
  );

export const updateAccount = (username: string, patch: AccountPatchBody): Promise<AccountSummary> =>
  parsed(AccountResponse, accountUrl(username), { ...jsonPost(patch), method: 'PATCH' }).then((answer) => answer.user);

/** The new temporary password, answered this once. */
export const resetAccountPassword = (username: string): Promise<string> =>
  parsed(ResetPasswordResponse, accountUrl(username, '/reset-password'), jsonPost({})).then(
    (answer) => answer.temporaryPassword,
  );

export const signOutAccount = (username: string): Promise<number> =>
  parsed(SignOutAccountResponse, accountUrl(username, '/sign-out'), jsonPost({})).then(
    (answer) => answer.endedSessions,
  );

export const changePassword = (currentPassword: string, newPassword: string): Promise<SignedInUser> =>
  parsed(ChangePasswordResponse, '/auth/password', jsonPost({ currentPassword, newPassword })).then(
    (answer) => answer.user,
  );
