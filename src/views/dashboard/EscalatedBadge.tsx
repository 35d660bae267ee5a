import { Badge, Tooltip } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatTime } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';

/** "Escalated" beside a panic the server escalated for being left open and unacknowledged (issue 11). */
export function EscalatedBadge({ incident }: { incident: Pick<Incident, 'escalatedAt'> }) {
  const clock = useClock();
  if (!incident.escalatedAt) return null;
  return (
    <Tooltip content={`Escalated at ${formatTime(incident.escalatedAt, clock)}: nobody acknowledged it in time.`} relationship="description">
      <Badge appearance="filled" color="danger" size="small">
        Escalated
      </Badge>
    </Tooltip>
  );
}
