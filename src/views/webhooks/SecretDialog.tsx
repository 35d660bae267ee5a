import type { WebhookSecret } from '../../machines/webhooksMachine.ts';
import { ShownOnceDialog } from '../ShownOnceDialog.tsx';

/** The signing secret, this once: the receiver verifies every request with it (docs/webhooks.md). */
export function SecretDialog({ secret, onDone }: { secret: WebhookSecret | undefined; onDone: () => void }) {
  const shown = secret && {
    title: `Signing secret for ${secret.name}`,
    sentence: 'Shown this once. Give it to the receiver, which checks the webhook-signature of every request with it.',
    label: 'Signing secret',
    value: secret.secret,
  };
  return <ShownOnceDialog shown={shown} onDone={onDone} />;
}
