// Deleting a zone asks first, naming it: a zone gone stops every alert inside it from carrying its risk.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import type { Geofence } from '../../api/entities.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

export function DeleteZoneDialog({
  zone,
  busy,
  onConfirm,
  onCancel,
}: {
  zone: Geofence | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <WhileOpen open={zone !== undefined}>
      <Dialog open onOpenChange={(_, data) => !data.open && onCancel()}>
        <DialogSurface aria-label={t('zones.deleteZone')}>
          <DialogBody>
            <DialogTitle>{t('zones.deleteZone')}</DialogTitle>
            <DialogContent>{t('zones.deleteQuestion', { name: zone?.name || zone?.id })}</DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy} onClick={onConfirm}>
                {t(busy ? 'zones.deleting' : 'zones.delete')}
              </Button>
              <Button disabled={busy} onClick={onCancel}>
                {t('zones.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
