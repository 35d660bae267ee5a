import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { VerifyRef } from './VerifyTouristView.tsx';

/** Names the tourist and the Digital ID before a bind or an unbind: both are acts in the audit trail. */
export function ConfirmBindingDialog({ verify }: { verify: VerifyRef }) {
  const pending = useSelector(verify, (s) => (s.matches('confirming') ? s.context.pending : undefined));
  const title = pending?.kind === 'unbind' ? `Unbind from ${pending.touristLabel}?` : `Bind to ${pending?.touristLabel ?? ''}?`;
  const consequence =
    pending?.kind === 'unbind'
      ? 'Its alerts will be unverified again until someone binds it anew.'
      : "Bind only after checking the tourist's identity document: from now on this phone's alerts are verified as theirs.";
  return (
    <Dialog open={pending !== undefined} onOpenChange={(_, data) => data.open || verify.send({ type: 'did.cancel' })}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            Digital ID {pending?.didId}. {consequence}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => verify.send({ type: 'did.confirm' })}>
              {pending?.kind === 'unbind' ? 'Unbind' : 'Bind'}
            </Button>
            <Button onClick={() => verify.send({ type: 'did.cancel' })}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
