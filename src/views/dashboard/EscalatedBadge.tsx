import { Badge, Tooltip } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatTime } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

/** "Escalated" beside a panic the server escalated for being left open and unacknowledged (issue 11). */
export function EscalatedBadge({ incident }: { incident: Pick<Incident, 'escalatedAt'> }) {
  const clock = useClock();
  const t = useT();
  if (!incident.escalatedAt) return null;
  return (
    <Tooltip
      content={t('dashboard.escalatedHint', { time: formatTime(incident.escalatedAt, clock) })}
      relationship="description"
    >
      <Badge appearance="filled" color="danger" size="small">
        {t('dashboard.escalated')}
      </Badge>
    </Tooltip>
  );
}
