// The top bar's alarm controls (issue 11): `Silence` while the alarm rings, `Enable sound` while the
// browser holds audio until a gesture, the `Sound` switch (kept as dash.sound), and `Enable notifications`
// while the browser has not been asked.
import { Button, makeStyles, Switch, tokens } from '@fluentui/react-components';
import {
  AlertOffRegular,
  AlertOnRegular,
  Speaker2Regular,
  SpeakerMuteRegular,
  SpeakerOffRegular,
} from '@fluentui/react-icons';
import { useAlarm, useNotifications } from './panic-watch.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  sound: { display: 'inline-flex', alignItems: 'center', fontSize: '20px', gap: tokens.spacingHorizontalXXS },
});

/** `offerNotifications`: false on the wall screen, which nobody reads desktop notifications from. */
export function AlarmControls({ offerNotifications = true }: { offerNotifications?: boolean } = {}) {
  const styles = useStyles();
  const t = useT();
  const { alarm, mode } = useAlarm();
  return (
    <>
      {mode === 'ringing' && (
        <Button
          appearance="primary"
          icon={<SpeakerOffRegular />}
          onClick={() => alarm?.send({ type: 'alarm.silence' })}
        >
          {t('alarm.silence')}
        </Button>
      )}
      {mode === 'blocked' && (
        <Button appearance="primary" icon={<AlertOnRegular />} onClick={() => alarm?.send({ type: 'sound.enable' })}>
          {t('alarm.enableSound')}
        </Button>
      )}
      {/* An icon, not a word, beside the switch: the spec's top bar keeps its texts, and a phone its width. */}
      <span className={styles.sound} title={t('alarm.sound')}>
        {mode === 'muted' ? <SpeakerMuteRegular aria-hidden /> : <Speaker2Regular aria-hidden />}
        <Switch
          aria-label={t('alarm.sound')}
          checked={mode !== 'muted'}
          onChange={() => alarm?.send({ type: 'sound.toggle' })}
        />
      </span>
      {offerNotifications && <NotificationsButton />}
    </>
  );
}

/** `Enable notifications`, while the browser has not been asked. */
export function NotificationsButton() {
  const t = useT();
  const { notifications, askable, asking } = useNotifications();
  if (!askable && !asking) return null;
  return (
    <Button
      icon={<AlertOffRegular />}
      disabled={asking}
      onClick={() => notifications?.send({ type: 'notifications.enable' })}
    >
      {t('alarm.enableNotifications')}
    </Button>
  );
}
