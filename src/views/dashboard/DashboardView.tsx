import { makeStyles, tokens } from '@fluentui/react-components';
import { atLeast } from '../breakpoints.ts';
import { TouristProfileProvider } from '../profile/TouristProfilePanel.tsx';
import { useTouristReplay } from '../replay/useTouristReplay.tsx';
import { useRowHighlight } from '../alarm/useRowHighlight.ts';
import { DashboardActor, useDevPanelShown } from '../dashboard-actor.ts';
import { AlertsTable } from './AlertsTable.tsx';
import { AnchorsCard } from './AnchorsCard.tsx';
import { Controls } from './Controls.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { EventsCard } from './EventsCard.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { GpsPingsCard } from './GpsPingsCard.tsx';
import { MapCard } from './MapCard.tsx';
import { PhoneDashboard } from './PhoneDashboard.tsx';
import { usePhoneLayout } from '../shell/useMediaQuery.ts';
import { SafetyScoreBanner } from './SafetyScoreBanner.tsx';
import { StatusStrip } from './StatusStrip.tsx';

const useStyles = makeStyles({
  view: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalS,
    [atLeast('sm')]: { padding: tokens.spacingHorizontalM },
    [atLeast('lg')]: { padding: tokens.spacingHorizontalL },
    [atLeast('xl')]: { maxWidth: '1800px', marginInline: 'auto', width: '100%', boxSizing: 'border-box' },
  },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalM,
    [atLeast('md')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export function DashboardView() {
  const styles = useStyles();
  const devPanelShown = useDevPanelShown();
  useRowHighlight(DashboardActor.useSelector((s) => s.context.focus));
  const { onReplay, replayDialog } = useTouristReplay();
  if (usePhoneLayout()) {
    return (
      <TouristProfileProvider onReplay={onReplay}>
        <PhoneDashboard />
        {replayDialog}
      </TouristProfileProvider>
    );
  }
  return (
    // The profile panel opens from the drawer, the GPS table and the map; its Replay opens the tourist's last hour.
    <TouristProfileProvider onReplay={onReplay}>
      <div className={styles.view}>
        <StatusStrip />
        <FiltersBar />
        <SafetyScoreBanner />
        <Controls />
        <ErrorBanner />
        <AlertsTable />
        <MapCard />
        <div className={styles.cards}>
          <AnchorsCard />
          <GpsPingsCard />
        </div>
        {devPanelShown && <EventsCard />}
      </div>
      {replayDialog}
    </TouristProfileProvider>
  );
}
