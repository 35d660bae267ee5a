import { Hamburger, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { ShieldErrorFilled } from '@fluentui/react-icons';
import { DashboardActor, useConnectionState, useDark } from '../dashboard-actor.ts';
import { atLeast } from '../breakpoints.ts';
import { AlarmControls } from '../alarm/AlarmControls.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { SessionUser } from './SessionUser.tsx';

const APP_TITLE = 'Panic Alerts Dashboard';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    // The alarm's controls join the bar while a panic is open: on a phone they go to a second line.
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minHeight: '48px',
  },
  logo: { color: tokens.colorPaletteRedForeground1, flexShrink: 0, fontSize: '24px' },
  title: {
    flexGrow: 1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    [atLeast('sm')]: { fontSize: tokens.fontSizeBase500 },
  },
});

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const styles = useStyles();
  const dark = useDark();
  const { send } = DashboardActor.useActorRef();
  return (
    <header className={styles.bar}>
      <Hamburger aria-label="Menu" aria-expanded={menuOpen} onClick={onToggleMenu} />
      <ShieldErrorFilled className={styles.logo} aria-label="Logo" role="img" />
      <Text as="h1" className={styles.title}>
        {APP_TITLE}
      </Text>
      <AlarmControls />
      <Switch label="Dark mode" checked={dark} onChange={() => send({ type: 'theme.toggle' })} />
      <ConnectionBadge state={useConnectionState()} />
      <SessionUser />
    </header>
  );
}
