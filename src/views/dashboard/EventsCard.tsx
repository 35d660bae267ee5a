import type { DeviceEvent } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';

const EVENT_ROWS = 20;

const columns: Column<DeviceEvent>[] = [
  { title: 'Time', cell: (e) => formatTime(e.createdAt) },
  { title: 'Type', cell: (e) => e.type },
  { title: 'Device', cell: (e) => orDash(e.deviceId) },
  { title: 'Tourist', cell: (e) => orDash(e.touristId) },
];

export function EventsCard() {
  const events = DashboardActor.useSelector((s) => s.context.events);
  return (
    <DataCard
      title="Dev: Recent Events"
      columns={columns}
      rows={events.slice(0, EVENT_ROWS)}
      rowKey={(e) => e.id}
      emptyText="No events yet."
    />
  );
}
