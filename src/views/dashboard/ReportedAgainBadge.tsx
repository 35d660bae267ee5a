import { Badge, Tooltip } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatTime } from '../../domain/display.ts';
import { REPORTED_AGAIN_BADGE, reportedAgainText } from '../../domain/watch-sentences.ts';
import { useClock } from '../i18n/clock-context.ts';

/** "reported again" beside a watch incident whose tourist sent something later: still open, yet heard from (issue 32). */
export function ReportedAgainBadge({ incident }: { incident: Pick<Incident, 'meta'> }) {
  const clock = useClock();
  const text = reportedAgainText(incident, (iso) => formatTime(iso, clock));
  if (!text) return null;
  return (
    <Tooltip content={`${text}: the incident stays open until an operator resolves it.`} relationship="description">
      <Badge appearance="tint" color="informative" size="small">
        {REPORTED_AGAIN_BADGE}
      </Badge>
    </Tooltip>
  );
}
