import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { confirmationOf, type ConfirmedAct } from './confirmation.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

/** Asks before an act, naming the account; nothing is sent until confirmed. */
export function ConfirmActDialog({
  act,
  onConfirm,
  onCancel,
}: {
  act: ConfirmedAct | undefined;
  onConfirm: (act: ConfirmedAct) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const confirmation = act && confirmationOf(act, t);
  return (
    <WhileOpen open={act !== undefined}>
      <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
        <DialogSurface>
          {confirmation && (
            <DialogBody>
              <DialogTitle>{confirmation.title}</DialogTitle>
              <DialogContent>{confirmation.body}</DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => act && onConfirm(act)}>
                  {confirmation.confirm}
                </Button>
                <Button onClick={onCancel}>{t('accounts.cancel')}</Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
