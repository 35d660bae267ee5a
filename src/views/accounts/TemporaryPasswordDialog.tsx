import type { TemporarySecret } from '../../machines/accountsMachine.ts';
import { ShownOnceDialog } from '../ShownOnceDialog.tsx';

/** The temporary password, this once: closed, it is gone from the page (the server keeps only its hash). */
export function TemporaryPasswordDialog({ secret, onDone }: { secret: TemporarySecret | undefined; onDone: () => void }) {
  const shown = secret && {
    title: `Temporary password for ${secret.username}`,
    sentence: `Shown this once. Give it to ${secret.username}, who chooses their own password at the next sign-in.`,
    label: 'Temporary password',
    value: secret.password,
  };
  return <ShownOnceDialog shown={shown} onDone={onDone} />;
}
