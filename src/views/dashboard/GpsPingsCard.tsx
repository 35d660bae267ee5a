import { pingKey, type GpsPing } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';

const PING_ROWS = 20;

const columns: Column<GpsPing>[] = [
  { title: 'Time', cell: (p) => formatTime(p.at) },
  { title: 'Lat', cell: (p) => formatCoordinate(p.latitude) },
  { title: 'Lng', cell: (p) => formatCoordinate(p.longitude) },
  { title: 'Tourist', cell: (p) => orDash(p.touristId) },
  { title: 'Device', cell: (p) => orDash(p.deviceId) },
];

export function GpsPingsCard() {
  const { send } = DashboardActor.useActorRef();
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  return (
    <DataCard
      title="GPS Pings (latest)"
      columns={columns}
      rows={pings.slice(0, PING_ROWS)}
      rowKey={(p) => pingKey(p)}
      emptyText="No GPS pings yet."
      onRefresh={() => send({ type: 'pings.refresh' })}
    />
  );
}
