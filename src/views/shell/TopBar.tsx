import { Button, Hamburger, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { OptionsRegular, ShieldErrorFilled } from '@fluentui/react-icons';
import { PHONE_PANEL_TITLE } from '../dashboard/PhoneControlsPanel.tsx';
import { usePhoneLayout } from './useMediaQuery.ts';
import { DashboardActor, useConnectionState, useDark } from '../dashboard-actor.ts';
import { atLeast } from '../breakpoints.ts';
import { AlarmControls } from '../alarm/AlarmControls.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { PushButton } from './PushToDevice.tsx';
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
  touch: { minHeight: '44px', minWidth: '44px' },
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

/**
 * `onOpenControls`: on a phone (issue 35), the dashboard's filters and controls are one tap away in a panel,
 * which also holds the dark mode switch and the session: the bar keeps one line for the connection.
 */
export function TopBar({ menuOpen, onToggleMenu, onOpenControls }: { menuOpen: boolean; onToggleMenu: () => void; onOpenControls?: () => void }) {
  const styles = useStyles();
  const dark = useDark();
  const { send } = DashboardActor.useActorRef();
  const phone = usePhoneLayout();
  return (
    <header className={styles.bar}>
      <Hamburger aria-label="Menu" aria-expanded={menuOpen} onClick={onToggleMenu} />
      <ShieldErrorFilled className={styles.logo} aria-label="Logo" role="img" />
      <Text as="h1" className={styles.title}>
        {APP_TITLE}
      </Text>
      <AlarmControls offerNotifications={!phone} />
      {!phone && <PushButton />}
      {!phone && <Switch label="Dark mode" checked={dark} onChange={() => send({ type: 'theme.toggle' })} />}
      <ConnectionBadge state={useConnectionState()} />
      {phone && onOpenControls && (
        <Button className={styles.touch} aria-label={PHONE_PANEL_TITLE} icon={<OptionsRegular />} onClick={onOpenControls} />
      )}
      {!phone && <SessionUser />}
    </header>
  );
}
