// The replay in a dialog, for whoever opens it: the incident drawer's Replay button (one tourist, from 30
// minutes before the incident to now), a tourist's profile (`onReplay(touristId)`), or a group of tourists.
// Light itself: the panel, with deck.gl's geo-layers, is its own chunk loaded when the dialog opens.
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { lazy, useMemo } from 'react';
import type { ReplayRequest } from '../../api/track-client.ts';
import { loadChunk } from '../chunk-load.ts';
import { useDark } from '../dashboard-actor.ts';
import { LazyPart } from '../LazyPart.tsx';
import { useT, type Translate } from '../../i18n/useT.ts';

const ReplayPanel = lazy(() => loadChunk(() => import('./ReplayPanel.tsx')));

const useStyles = makeStyles({
  surface: { width: 'min(1100px, 96vw)', maxWidth: 'min(1100px, 96vw)' },
});

export interface ReplayDialogProps {
  /** One tourist, or a group replayed together (up to 20). */
  touristIds: readonly string[];
  /** The range, ISO 8601 (e.g. incidentReplayRange in src/domain/replay-timeline.ts). */
  from: string;
  to: string;
  onClose: () => void;
}

export const replayTitle = (touristIds: readonly string[], t: Translate) =>
  touristIds.length === 1
    ? t('replay.titleOne', { id: touristIds[0] })
    : t('replay.titleMany', { count: touristIds.length });

export function ReplayDialog({ touristIds, from, to, onClose }: ReplayDialogProps) {
  const styles = useStyles();
  const t = useT();
  const key = touristIds.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const request = useMemo<ReplayRequest>(() => ({ touristIds: [...touristIds], from, to }), [key, from, to]);
  const title = replayTitle(touristIds, t);
  const dark = useDark();
  return (
    <Dialog open onOpenChange={(_, data) => data.open || onClose()}>
      <DialogSurface className={styles.surface} aria-label={title}>
        <DialogBody>
          <DialogTitle
            action={
              <Button appearance="subtle" aria-label={t('replay.close')} icon={<DismissRegular />} onClick={onClose} />
            }
          >
            {title}
          </DialogTitle>
          <DialogContent>
            <LazyPart label={t('replay.loading')}>
              <ReplayPanel key={`${key}|${from}|${to}`} request={request} dark={dark} />
            </LazyPart>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
