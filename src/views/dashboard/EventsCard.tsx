import type { DeviceEvent } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const EVENT_ROWS = 20;

const columnsFor = (clock: ClockStyle, t: Translate): Column<DeviceEvent>[] => [
  { title: t('dashboard.column.time'), cell: (e) => formatTime(e.createdAt, clock) },
  { title: t('dashboard.column.type'), cell: (e) => e.type },
  { title: t('dashboard.column.device'), cell: (e) => orDash(e.deviceId) },
  { title: t('dashboard.column.tourist'), cell: (e) => orDash(e.touristId) },
];

export function EventsCard() {
  const clock = useClock();
  const t = useT();
  const events = DashboardActor.useSelector((s) => s.context.events);
  return (
    <DataCard
      title={t('dashboard.events')}
      columns={columnsFor(clock, t)}
      rows={events.slice(0, EVENT_ROWS)}
      rowKey={(e) => e.id}
      emptyText={t('dashboard.noEvents')}
    />
  );
}
