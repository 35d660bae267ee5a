import { Badge, Tooltip } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatTime } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

/** "reported again" beside a watch incident whose tourist sent something later: still open, yet heard from (issue 32). */
export function ReportedAgainBadge({ incident }: { incident: Pick<Incident, 'meta'> }) {
  const clock = useClock();
  const t = useT();
  const again = incident.meta.reportedAgainAt;
  if (!again) return null;
  return (
    <Tooltip content={t('dashboard.reportedAgainHint', { time: formatTime(again, clock) })} relationship="description">
      <Badge appearance="tint" color="informative" size="small">
        {t('dashboard.reportedAgain')}
      </Badge>
    </Tooltip>
  );
}
