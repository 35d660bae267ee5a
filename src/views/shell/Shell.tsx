import { FluentProvider, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { wallAddress, wallRequested } from '../../domain/wall.ts';
import { PanicBar } from '../alarm/PanicBar.tsx';
import { PanicSignals } from '../alarm/PanicSignals.tsx';
import { Announcer } from '../alarm/Announcer.tsx';
import { StoreBanner } from './StoreBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { PushOpener } from './PushOpener.tsx';
import { AnalyticsView } from '../analytics/AnalyticsView.tsx';
import { BREAKPOINTS } from '../breakpoints.ts';
import { DashboardView } from '../dashboard/DashboardView.tsx';
import { WallShell } from '../wall/WallShell.tsx';
import { DashboardActor, useDark } from '../dashboard-actor.ts';
import { SideNav, type NavValue } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useMediaQuery, usePhoneLayout } from './useMediaQuery.ts';
import { PhoneControlsPanel } from '../dashboard/PhoneControlsPanel.tsx';
import { loadChunk } from '../chunk-load.ts';
import { LazyPart } from '../LazyPart.tsx';
import { RegionClock } from '../i18n/RegionClock.tsx';
import { useT, type Translate } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

// Supervisors' views: not needed for the first paint.
const AuditView = lazy(() => loadChunk(() => import('../audit/AuditView.tsx')).then((m) => ({ default: m.AuditView })));
const VerifyTouristView = lazy(() =>
  loadChunk(() => import('../verify/VerifyTouristView.tsx')).then((m) => ({ default: m.VerifyTouristView })),
);
// Admins' view: likewise.
const AccountsView = lazy(() =>
  loadChunk(() => import('../accounts/AccountsView.tsx')).then((m) => ({ default: m.AccountsView })),
);
// Admins' view (issue 31).
const RegionsView = lazy(() =>
  loadChunk(() => import('../regions/RegionsView.tsx')).then((m) => ({ default: m.RegionsView })),
);
// Admins' view (issue 34).
const WebhooksView = lazy(() =>
  loadChunk(() => import('../webhooks/WebhooksView.tsx')).then((m) => ({ default: m.WebhooksView })),
);

// Zones (issue 31): the editor, terra-draw and the map come in their own chunks when the view is opened.
const ZonesView = lazy(() => loadChunk(() => import('../zones/ZonesView.tsx')).then((m) => ({ default: m.ZonesView })));

const useStyles = makeStyles({
  // Layout lives on an inner div: FluentProvider copies its className onto every portal (tooltips,
  // dialogs), and a full-height background there covered the whole page.
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { flexGrow: 1, minWidth: 0, overflowX: 'hidden' },
  // WCAG 2.4.1: the first Tab offers a way past the bar and the menu; shown only while it has focus.
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 0,
    zIndex: 100,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    ':focus': { left: tokens.spacingHorizontalS, top: tokens.spacingVerticalS },
  },
});

const views: Record<Exclude<NavValue, 'wall'>, (t: Translate) => ReactNode> = {
  dashboard: () => <DashboardView />,
  anchors: () => <DashboardView />,
  analytics: () => <AnalyticsView />,
  audit: (t) => (
    <LazyPart label={t('frame.loadingAudit')}>
      <AuditView />
    </LazyPart>
  ),
  zones: (t) => (
    <LazyPart label={t('frame.loadingZones')}>
      <ZonesView />
    </LazyPart>
  ),
  verify: (t) => (
    <LazyPart label={t('frame.loadingVerify')}>
      <VerifyTouristView />
    </LazyPart>
  ),
  accounts: (t) => (
    <LazyPart label={t('frame.loadingAccounts')}>
      <AccountsView />
    </LazyPart>
  ),
  regions: (t) => (
    <LazyPart label={t('frame.loadingRegions')}>
      <RegionsView />
    </LazyPart>
  ),
  webhooks: (t) => (
    <LazyPart label={t('frame.loadingWebhooks')}>
      <WebhooksView />
    </LazyPart>
  ),
};

/** Wall mode (issue 35): asked for by `?wall` or the menu; the address follows, so a reload stays on the wall. */
function useWallMode(): [boolean, (on: boolean) => void] {
  const [wall, setWall] = useState(() => wallRequested(globalThis.location?.search ?? ''));
  useEffect(() => {
    if (wall) document.documentElement.dataset.mode = 'wall';
    else delete document.documentElement.dataset.mode;
  }, [wall]);
  const choose = (on: boolean) => {
    globalThis.history?.replaceState(null, '', wallAddress(globalThis.location.href, on));
    setWall(on);
  };
  return [wall, choose];
}

export function Shell() {
  const [wall, setWall] = useWallMode();
  return (
    <RegionClock>
      {wall ? <WallShell onExit={() => setWall(false)} /> : <DeskShell onWall={() => setWall(true)} />}
    </RegionClock>
  );
}

function DeskShell({ onWall }: { onWall: () => void }) {
  const styles = useStyles();
  const t = useT();
  const dark = useDark();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const [menuOpen, setMenuOpen] = useState(wide);
  // The menu follows the width: a window narrowed to a phone's (or a tablet turned) gets the console, not the
  // menu drawn over it; widened again, the menu is back beside it.
  const [menuForWide, setMenuForWide] = useState(wide);
  if (menuForWide !== wide) {
    setMenuForWide(wide);
    setMenuOpen(wide);
  }
  const phone = usePhoneLayout();
  const [controlsOpen, setControlsOpen] = useState(false);
  const [selected, setSelected] = useState<Exclude<NavValue, 'wall'>>('dashboard');
  // Showing an incident (the panic bar, a notification) brings the dashboard forward from any view.
  const focusSeq = DashboardActor.useSelector((s) => s.context.focus?.seq);
  const [shownFocus, setShownFocus] = useState(focusSeq);
  if (shownFocus !== focusSeq) {
    setShownFocus(focusSeq);
    if (focusSeq !== undefined && selected !== 'dashboard' && selected !== 'anchors') setSelected('dashboard');
  }
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      <div className={styles.page}>
        <a className={styles.skip} href="#alerts">
          {t('shell.skipToAlerts')}
        </a>
        <TopBar
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((open) => !open)}
          onOpenControls={selected === 'dashboard' || selected === 'anchors' ? () => setControlsOpen(true) : undefined}
        />
        {phone && <PhoneControlsPanel open={controlsOpen} onClose={() => setControlsOpen(false)} />}
        <PanicBar />
        <StoreBanner />
        <PanicSignals />
        <Announcer />
        <UpdatePrompt />
        <PushOpener />
        <div className={styles.body}>
          <WhileOpen open={wide || menuOpen}>
            <SideNav
              open={menuOpen}
              overlay={!wide}
              selected={selected}
              onSelect={(value) => {
                if (value === 'wall') return onWall();
                setSelected(value);
                if (!wide) setMenuOpen(false);
              }}
              onClose={() => setMenuOpen(false)}
            />
          </WhileOpen>
          <main className={styles.main}>{views[selected](t)}</main>
        </div>
      </div>
    </FluentProvider>
  );
}
