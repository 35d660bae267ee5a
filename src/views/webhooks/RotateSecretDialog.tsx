import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { Webhook } from '../../api/webhooks.ts';

/** Asks first: the new secret signs from the next request on, and the receiver refuses it until it has it. */
export function RotateSecretDialog({ webhook, onConfirm, onCancel }: { webhook: Webhook | undefined; onConfirm: (id: string) => void; onCancel: () => void }) {
  return (
    <Dialog open={webhook !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        {webhook && (
          <DialogBody>
            <DialogTitle>{`Rotate the secret of ${webhook.name}?`}</DialogTitle>
            <DialogContent>
              The old secret stops signing at once: the receiver refuses the requests until it is given the new one, which is shown once.
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => onConfirm(webhook.id)}>
                Rotate secret
              </Button>
              <Button onClick={onCancel}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
