import type { WebhookSecret } from '../../machines/webhooksMachine.ts';
import { ShownOnceDialog } from '../ShownOnceDialog.tsx';
import { useT } from '../../i18n/useT.ts';

/** The signing secret, this once: the receiver verifies every request with it (docs/webhooks.md). */
export function SecretDialog({ secret, onDone }: { secret: WebhookSecret | undefined; onDone: () => void }) {
  const t = useT();
  const shown = secret && {
    title: t('webhooks.secretTitle', { name: secret.name }),
    sentence: t('webhooks.secretSentence'),
    label: t('webhooks.secretLabel'),
    value: secret.secret,
  };
  return <ShownOnceDialog shown={shown} onDone={onDone} />;
}
