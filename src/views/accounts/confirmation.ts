// What the Accounts view asks before an act: each question names the account (issue 31).
import type { AccountAct } from '../../machines/accountsMachine.ts';

export interface Confirmation {
  title: string;
  body: string;
  confirm: string;
}

/** The acts on an existing account: each is confirmed (a new account has its own dialog). */
export type ConfirmedAct = Exclude<AccountAct, { type: 'accounts.create' }>;

export function confirmationOf(act: ConfirmedAct): Confirmation {
  const { username } = act;
  switch (act.type) {
    case 'accounts.setRole':
      return { title: `Make ${username} ${act.role}?`, body: `${username}'s open sessions act as ${act.role} from their next request.`, confirm: 'Change role' };
    case 'accounts.setDisabled':
      return act.disabled
        ? { title: `Disable ${username}?`, body: `${username} is signed out everywhere at once, their live pages lose their stream, and they cannot sign in until enabled.`, confirm: 'Disable' }
        : { title: `Enable ${username}?`, body: `${username} may sign in again.`, confirm: 'Enable' };
    case 'accounts.resetPassword':
      return { title: `Reset ${username}'s password?`, body: `${username} is signed out everywhere and gets a temporary password, shown once, to change at their next sign-in.`, confirm: 'Reset password' };
    case 'accounts.signOut':
      return { title: `Sign ${username} out everywhere?`, body: `Every session of ${username} ends at once, on every server.`, confirm: 'Sign out everywhere' };
  }
}
