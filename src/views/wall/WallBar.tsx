// Wall mode's top bar (issue 35): what the screen is, the region it shows, the connection (always in sight),
// the region walk's period, and the way back to the desk.
import { Badge, Button, Dropdown, makeStyles, Option, Switch, Text, tokens } from '@fluentui/react-components';
import { ShieldErrorFilled } from '@fluentui/react-icons';
import { CYCLE_CHOICES_S } from '../../machines/wallMachine.ts';
import { AlarmControls } from '../alarm/AlarmControls.tsx';
import { DashboardActor, useConnectionState } from '../dashboard-actor.ts';
import { ConnectionBadge } from '../shell/ConnectionBadge.tsx';
import { useT } from '../../i18n/useT.ts';
import type { Translate } from '../../i18n/translate.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  logo: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeHero700 },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  region: {
    flexGrow: 1,
    minWidth: 0,
    fontSize: tokens.fontSizeBase500,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  cycle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const cycleLabel = (seconds: number, t: Translate) =>
  seconds === 0 ? t('wall.cycleOff') : t('wall.cycleEvery', { seconds });

export interface WallBarProps {
  cycleSeconds: number;
  heldByPanic: boolean;
  onCycle: (seconds: number) => void;
  dark: boolean;
  onToggleDark: () => void;
  onExit: () => void;
}

export function WallBar({ cycleSeconds, heldByPanic, onCycle, dark, onToggleDark, onExit }: WallBarProps) {
  const styles = useStyles();
  const t = useT();
  const region = DashboardActor.useSelector(
    (s) => s.context.regions.find((r) => r.id === s.context.regionId)?.name ?? s.context.regionId,
  );
  return (
    <header className={styles.bar}>
      <ShieldErrorFilled className={styles.logo} aria-label={t('shell.logo')} role="img" />
      <Text as="h1" className={styles.title}>
        {t('app.title')}
      </Text>
      <Text className={styles.region} aria-live="polite">
        {t('wall.region', { region })}
      </Text>
      <div className={styles.cycle}>
        <Text id="wall-cycle-label">{t('wall.cycle')}</Text>
        <Dropdown
          aria-labelledby="wall-cycle-label"
          value={cycleLabel(cycleSeconds, t)}
          selectedOptions={[String(cycleSeconds)]}
          onOptionSelect={(_, data) => onCycle(Number(data.optionValue))}
        >
          {CYCLE_CHOICES_S.map((seconds) => (
            <Option key={seconds} value={String(seconds)}>
              {cycleLabel(seconds, t)}
            </Option>
          ))}
        </Dropdown>
        {heldByPanic && (
          <Badge appearance="tint" color="danger">
            {t('wall.held')}
          </Badge>
        )}
      </div>
      <AlarmControls offerNotifications={false} />
      <Switch label={t('wall.dark')} checked={dark} onChange={onToggleDark} />
      <ConnectionBadge state={useConnectionState()} />
      <Button onClick={onExit}>{t('wall.leave')}</Button>
    </header>
  );
}
