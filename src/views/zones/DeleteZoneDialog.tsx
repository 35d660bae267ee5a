// Deleting a zone asks first, naming it: a zone gone stops every alert inside it from carrying its risk.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { Geofence } from '../../api/entities.ts';

export function DeleteZoneDialog({ zone, busy, onConfirm, onCancel }: { zone: Geofence | undefined; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open={zone !== undefined} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface aria-label="Delete zone">
        <DialogBody>
          <DialogTitle>Delete zone</DialogTitle>
          <DialogContent>
            Delete the zone “{zone?.name || zone?.id}”? Pings inside it will no longer raise its alerts, on every dashboard at once.
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={onConfirm}>
              {busy ? 'Deleting…' : 'Delete'}
            </Button>
            <Button disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
