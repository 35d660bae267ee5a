// The time zone named once on screen, so that no time is read in another.
import { Caption1 } from '@fluentui/react-components';
import { timeZoneName } from '../../i18n/clock.ts';
import { useClock } from './clock-context.ts';
import { useT } from '../../i18n/useT.ts';

export function TimeZoneNote({ className }: { className?: string }) {
  const t = useT();
  const clock = useClock();
  return <Caption1 className={className}>{t('settings.timeZone', { zone: timeZoneName(clock) })}</Caption1>;
}
