// Wall mode (issue 35): the screen a control room watches from across the room. The map takes most of it,
// beside the open alerts in large type; the panic bar (the shell's) runs across the top. Nothing scrolls.
import { makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { safely, STORAGE_KEYS } from '../../domain/preferences.ts';
import { nextRegionId } from '../../domain/wall.ts';
import { wallMachine } from '../../machines/wallMachine.ts';
import { PanicBar } from '../alarm/PanicBar.tsx';
import { useOpenPanics } from '../alarm/panic-watch.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { MapCard } from '../dashboard/MapCard.tsx';
import { StoreBanner } from '../shell/StoreBanner.tsx';
import { WallAlertList } from './WallAlertList.tsx';
import { WallBar } from './WallBar.tsx';

const useStyles = makeStyles({
  body: {
    flexGrow: 1,
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(22rem, 28%)',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
});

const storedCycleSeconds = () =>
  Number(safely(() => globalThis.localStorage?.getItem(STORAGE_KEYS.wallCycleSeconds), null)) || 0;

export function WallView({
  dark,
  onToggleDark,
  onExit,
}: {
  dark: boolean;
  onToggleDark: () => void;
  onExit: () => void;
}) {
  const styles = useStyles();
  const dashboard = DashboardActor.useActorRef();
  const panicsOpen = useOpenPanics().length > 0;
  const wall = useActorRef(
    wallMachine.provide({
      actions: {
        showNextRegion: () => {
          const { regions, regionId } = dashboard.getSnapshot().context;
          const next = nextRegionId(
            regions.map((region) => region.id),
            regionId,
          );
          if (next !== regionId) dashboard.send({ type: 'region.select', regionId: next });
        },
      },
    }),
    { input: { cycleSeconds: storedCycleSeconds(), panicsOpen } },
  );
  const cycleSeconds = useSelector(wall, (s) => s.context.cycleSeconds);
  const heldByPanic = useSelector(wall, (s) => s.matches({ cycle: 'heldByPanic' }));
  const wakeLock = useSelector(wall, (s) => s.context.wakeLock);
  useEffect(() => wall.send({ type: 'panics.changed', open: panicsOpen }), [wall, panicsOpen]);
  return (
    <>
      <WallBar
        cycleSeconds={cycleSeconds}
        heldByPanic={heldByPanic}
        onCycle={(seconds) => wall.send({ type: 'cycle.every', seconds })}
        dark={dark}
        onToggleDark={onToggleDark}
        onExit={onExit}
      />
      <PanicBar />
      <StoreBanner />
      <div className={styles.body} data-wake-lock={wakeLock}>
        <MapCard fill />
        <WallAlertList />
      </div>
    </>
  );
}
