import { FluentProvider, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { AnalyticsView } from '../analytics/AnalyticsView.tsx';
import { AuditView } from '../audit/AuditView.tsx';
import { BREAKPOINTS } from '../breakpoints.ts';
import { DashboardView } from '../dashboard/DashboardView.tsx';
import { useDark } from '../dashboard-actor.ts';
import { SideNav, type NavValue } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

const useStyles = makeStyles({
  // Layout lives on an inner div: FluentProvider copies its className onto every portal (tooltips,
  // dialogs), and a full-height background there covered the whole page.
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { flexGrow: 1, minWidth: 0, overflowX: 'hidden' },
});

const views: Record<NavValue, () => ReactNode> = {
  dashboard: () => <DashboardView />,
  anchors: () => <DashboardView />,
  analytics: () => <AnalyticsView />,
  audit: () => <AuditView />,
};

export function Shell() {
  const styles = useStyles();
  const dark = useDark();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const [menuOpen, setMenuOpen] = useState(wide);
  const [selected, setSelected] = useState<NavValue>('dashboard');
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      <div className={styles.page}>
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className={styles.body}>
        <SideNav
          open={menuOpen}
          overlay={!wide}
          selected={selected}
          onSelect={(value) => {
            setSelected(value);
            if (!wide) setMenuOpen(false);
          }}
          onClose={() => setMenuOpen(false)}
        />
        <main className={styles.main}>{views[selected]()}</main>
      </div>
      </div>
    </FluentProvider>
  );
}
