import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { VerifyRef } from './VerifyTouristView.tsx';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

/** Names the tourist and the Digital ID before a bind or an unbind: both are acts in the audit trail. */
export function ConfirmBindingDialog({ verify }: { verify: VerifyRef }) {
  const t = useT();
  const pending = useSelector(verify, (s) => (s.matches('confirming') ? s.context.pending : undefined));
  const unbind = pending?.kind === 'unbind';
  const tourist = pending?.touristLabel ?? '';
  const title = unbind ? t('verify.confirmUnbind', { tourist }) : t('verify.confirmBind', { tourist });
  const consequence = t(unbind ? 'verify.unbindConsequence' : 'verify.bindConsequence', { did: pending?.didId ?? '' });
  return (
    <WhileOpen open={pending !== undefined}>
      <Dialog open onOpenChange={(_, data) => data.open || verify.send({ type: 'did.cancel' })}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>{consequence}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => verify.send({ type: 'did.confirm' })}>
                {unbind ? t('verify.unbind') : t('verify.bind')}
              </Button>
              <Button onClick={() => verify.send({ type: 'did.cancel' })}>{t('verify.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
