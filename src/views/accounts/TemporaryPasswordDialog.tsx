import type { TemporarySecret } from '../../machines/accountsMachine.ts';
import { ShownOnceDialog } from '../ShownOnceDialog.tsx';
import { useT } from '../../i18n/useT.ts';

/** The temporary password, this once: closed, it is gone from the page (the server keeps only its hash). */
export function TemporaryPasswordDialog({
  secret,
  onDone,
}: {
  secret: TemporarySecret | undefined;
  onDone: () => void;
}) {
  const t = useT();
  const shown = secret && {
    title: t('accounts.passwordTitle', { username: secret.username }),
    sentence: t('accounts.passwordSentence', { username: secret.username }),
    label: t('accounts.passwordLabel'),
    value: secret.password,
  };
  return <ShownOnceDialog shown={shown} onDone={onDone} />;
}
