// What the Accounts view asks before an act: each question names the account (issue 31).
import type { AccountAct } from '../../machines/accountsMachine.ts';
import type { Translate } from '../../i18n/translate.ts';

export interface Confirmation {
  title: string;
  body: string;
  confirm: string;
}

/** The acts on an existing account: each is confirmed (a new account has its own dialog). */
export type ConfirmedAct = Exclude<AccountAct, { type: 'accounts.create' }>;

export function confirmationOf(act: ConfirmedAct, t: Translate): Confirmation {
  const { username } = act;
  switch (act.type) {
    case 'accounts.setRole':
      return {
        title: t('accounts.setRoleTitle', { username, role: act.role }),
        body: t('accounts.setRoleBody', { username, role: act.role }),
        confirm: t('accounts.changeRole'),
      };
    case 'accounts.setDisabled':
      return act.disabled
        ? {
            title: t('accounts.disableTitle', { username }),
            body: t('accounts.disableBody', { username }),
            confirm: t('accounts.disable'),
          }
        : {
            title: t('accounts.enableTitle', { username }),
            body: t('accounts.enableBody', { username }),
            confirm: t('accounts.enable'),
          };
    case 'accounts.resetPassword':
      return {
        title: t('accounts.resetTitle', { username }),
        body: t('accounts.resetBody', { username }),
        confirm: t('accounts.resetPassword'),
      };
    case 'accounts.signOut':
      return {
        title: t('accounts.signOutTitle', { username }),
        body: t('accounts.signOutBody', { username }),
        confirm: t('accounts.signOutEverywhere'),
      };
  }
}
