import type { DeviceEvent } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';

const EVENT_ROWS = 20;

const columnsFor = (clock: ClockStyle): Column<DeviceEvent>[] => [
  { title: 'Time', cell: (e) => formatTime(e.createdAt, clock) },
  { title: 'Type', cell: (e) => e.type },
  { title: 'Device', cell: (e) => orDash(e.deviceId) },
  { title: 'Tourist', cell: (e) => orDash(e.touristId) },
];

export function EventsCard() {
  const clock = useClock();
  const events = DashboardActor.useSelector((s) => s.context.events);
  return (
    <DataCard
      title="Dev: Recent Events"
      columns={columnsFor(clock)}
      rows={events.slice(0, EVENT_ROWS)}
      rowKey={(e) => e.id}
      emptyText="No events yet."
    />
  );
}
