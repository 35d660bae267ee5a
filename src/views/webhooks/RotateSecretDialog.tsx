import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import type { Webhook } from '../../api/webhooks.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

/** Asks first: the new secret signs from the next request on, and the receiver refuses it until it has it. */
export function RotateSecretDialog({
  webhook,
  onConfirm,
  onCancel,
}: {
  webhook: Webhook | undefined;
  onConfirm: (id: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <WhileOpen open={webhook !== undefined}>
      <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
        <DialogSurface>
          {webhook && (
            <DialogBody>
              <DialogTitle>{t('webhooks.rotateQuestion', { name: webhook.name })}</DialogTitle>
              <DialogContent>{t('webhooks.rotateWarning')}</DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => onConfirm(webhook.id)}>
                  {t('webhooks.rotate')}
                </Button>
                <Button onClick={onCancel}>{t('webhooks.cancel')}</Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
