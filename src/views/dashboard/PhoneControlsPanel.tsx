// On a phone (issue 35) the dashboard's filters, toggles, score and controls fold into this panel, opened
// from the top bar, so that the first screen is the connection, the panic bar and the alerts. Every control
// is the desk's own component: nothing the spec lists is lost, only moved one tap away.
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { NotificationsButton } from '../alarm/AlarmControls.tsx';
import { PushSettings } from '../shell/PushToDevice.tsx';
import { SessionUser } from '../shell/SessionUser.tsx';
import { LanguageMenu } from '../i18n/LanguageMenu.tsx';
import { TimeZoneNote } from '../i18n/TimeZoneNote.tsx';
import { Controls } from './Controls.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { SafetyScoreBanner } from './SafetyScoreBanner.tsx';
import { StatusStrip } from './StatusStrip.tsx';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

const useStyles = makeStyles({
  row: { display: 'flex' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBottom: tokens.spacingVerticalXL,
  },
});

export function PhoneControlsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const t = useT();
  return (
    <WhileOpen open={open}>
      <OverlayDrawer open position="end" size="full" onOpenChange={(_, data) => data.open || onClose()}>
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                aria-label={t('dashboard.close')}
                icon={<DismissRegular />}
                onClick={onClose}
              />
            }
          >
            {t('dashboard.panelTitle')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.body}>
          <StatusStrip />
          <FiltersBar />
          <SafetyScoreBanner />
          <Controls />
          <div className={styles.row}>
            <NotificationsButton />
          </div>
          <PushSettings />
          <div className={styles.row}>
            <LanguageMenu touch />
          </div>
          <TimeZoneNote />
          <SessionUser />
        </DrawerBody>
      </OverlayDrawer>
    </WhileOpen>
  );
}
