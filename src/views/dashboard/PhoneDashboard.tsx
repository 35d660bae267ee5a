// The dashboard on a phone (issue 35): the alerts as cards first, the map one tap away on its own tab, and
// the side cards below the alerts. The filters and controls are in the top bar's panel (PhoneControlsPanel).
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { DashboardActor, useDevPanelShown } from '../dashboard-actor.ts';
import { AlertsTable } from './AlertsTable.tsx';
import { AnchorsCard } from './AnchorsCard.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { EventsCard } from './EventsCard.tsx';
import { GpsPingsCard } from './GpsPingsCard.tsx';
import { MapCard } from './MapCard.tsx';
import { useT } from '../../i18n/useT.ts';
import { useArrowKeyFocus } from '../useArrowKeyFocus.ts';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
  tab: { minHeight: '44px' },
});

const TABS = ['alerts', 'map'] as const;
type PhoneTab = (typeof TABS)[number];

export function PhoneDashboard() {
  const styles = useStyles();
  const t = useT();
  const [tab, setTab] = useState<PhoneTab>('alerts');
  const devPanelShown = useDevPanelShown();
  const keys = useArrowKeyFocus('horizontal', TABS, tab);
  // Showing an incident (the panic bar's Show) brings its card forward, wherever the phone was.
  const focusSeq = DashboardActor.useSelector((s) => s.context.focus?.seq);
  const [shownFocus, setShownFocus] = useState(focusSeq);
  if (shownFocus !== focusSeq) {
    setShownFocus(focusSeq);
    setTab('alerts');
  }
  return (
    <div className={styles.view}>
      <ErrorBanner />
      {/* Without its tabster mover (and its focus sentinels): useArrowKeyFocus moves focus instead. */}
      <TabList
        data-tabster={undefined}
        onKeyDown={keys.onKeyDown}
        selectedValue={tab}
        onTabSelect={(_, data) => setTab(data.value as PhoneTab)}
        aria-label={t('dashboard.parts')}
      >
        <Tab className={styles.tab} value="alerts" {...keys.itemProps('alerts')}>
          {t('dashboard.alerts')}
        </Tab>
        <Tab className={styles.tab} value="map" {...keys.itemProps('map')}>
          {t('dashboard.map')}
        </Tab>
      </TabList>
      {tab === 'alerts' ? (
        <>
          <AlertsTable />
          <AnchorsCard />
          <GpsPingsCard />
          {devPanelShown && <EventsCard />}
        </>
      ) : (
        <MapCard />
      )}
    </div>
  );
}
