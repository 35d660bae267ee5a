// The replay (issue 34 point 2) of one tourist or a group over a range: the map, the controls, each tourist's
// summary and stops, and the exports. Its own chunk (deck.gl's geo-layers with it): ReplayDialog loads it.
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useMemo } from 'react';
import type { ReplayRequest } from '../../api/track-client.ts';
import { replayMachine } from '../../machines/replayMachine.ts';
import type { ReplayClock } from '../../map/replay/ReplayMap.tsx';
import { loadChunk } from '../chunk-load.ts';
import { LazyPart } from '../LazyPart.tsx';
import { animationFrames } from './animation-frames.ts';
import { ReplayControls } from './ReplayControls.tsx';
import { ReplayExports } from './ReplayExports.tsx';
import { ReplayTracks } from './ReplayTracks.tsx';
import type { ReplayRef } from './replay-ref.ts';
import { useT } from '../../i18n/useT.ts';

const ReplayMap = lazy(() => loadChunk(() => import('../../map/replay/ReplayMap.tsx')));

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

const liveReplayMachine = replayMachine.provide({ actors: { frames: animationFrames } });

/** The statechart as the map reads its clock. */
function clockOf(replay: ReplayRef): ReplayClock {
  return {
    now: () => {
      const snapshot = replay.getSnapshot();
      return { positionS: snapshot.context.positionS, following: snapshot.hasTag('following') };
    },
    subscribe: (listener) => replay.subscribe(listener),
  };
}

export default function ReplayPanel({ request, dark }: { request: ReplayRequest; dark: boolean }) {
  const styles = useStyles();
  const t = useT();
  const replay = useActorRef(liveReplayMachine, { input: request });
  const loading = useSelector(replay, (s) => s.hasTag('loading'));
  const error = useSelector(replay, (s) => (s.matches('failed') ? s.context.error : undefined));
  const empty = useSelector(
    replay,
    (s) => s.context.answer !== undefined && s.context.answer.tracks.every((track) => track.points.length === 0),
  );
  const tracks = useSelector(replay, (s) => s.context.answer?.tracks);
  const span = useSelector(replay, (s) => s.context.span);
  const clock = useMemo(() => clockOf(replay), [replay]);
  if (loading) return <Spinner size="small" label={t('replay.loadingTracks')} />;
  if (error !== undefined) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{error}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => replay.send({ type: 'replay.retry' })}>{t('replay.retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return (
    <div className={styles.panel} role="region" aria-label={t('replay.region')}>
      {empty && <Text className={styles.muted}>{t('replay.empty')}</Text>}
      {tracks && (
        <LazyPart label={t('replay.loadingMap')}>
          <ReplayMap tracks={tracks} span={span} clock={clock} dark={dark} />
        </LazyPart>
      )}
      <ReplayControls replay={replay} />
      <ReplayTracks replay={replay} />
      <ReplayExports replay={replay} />
    </div>
  );
}
