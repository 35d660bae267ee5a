import { Button, Hamburger, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { OptionsRegular, ShieldErrorFilled } from '@fluentui/react-icons';
import { usePhoneLayout } from './useMediaQuery.ts';
import { DashboardActor, useConnectionState, useDark } from '../dashboard-actor.ts';
import { atLeast } from '../breakpoints.ts';
import { AlarmControls } from '../alarm/AlarmControls.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { PushButton } from './PushToDevice.tsx';
import { SessionUser } from './SessionUser.tsx';
import { LanguageMenu } from '../i18n/LanguageMenu.tsx';
import { TimeZoneNote } from '../i18n/TimeZoneNote.tsx';
import { useT } from '../../i18n/useT.ts';

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
  zone: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
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
export function TopBar({
  menuOpen,
  onToggleMenu,
  onOpenControls,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenControls?: () => void;
}) {
  const styles = useStyles();
  const dark = useDark();
  const { send } = DashboardActor.useActorRef();
  const phone = usePhoneLayout();
  const t = useT();
  return (
    <header className={styles.bar}>
      <Hamburger aria-label={t('shell.menu')} aria-expanded={menuOpen} onClick={onToggleMenu} />
      <ShieldErrorFilled className={styles.logo} aria-label={t('shell.logo')} role="img" />
      <Text as="h1" className={styles.title}>
        {t('app.title')}
      </Text>
      <AlarmControls offerNotifications={!phone} />
      {!phone && <TimeZoneNote className={styles.zone} />}
      {!phone && <LanguageMenu />}
      {!phone && <PushButton />}
      {!phone && <Switch label={t('shell.darkMode')} checked={dark} onChange={() => send({ type: 'theme.toggle' })} />}
      <ConnectionBadge state={useConnectionState()} />
      {phone && onOpenControls && (
        <Button
          className={styles.touch}
          aria-label={t('dashboard.panelTitle')}
          icon={<OptionsRegular />}
          onClick={onOpenControls}
        />
      )}
      {!phone && <SessionUser />}
    </header>
  );
}
