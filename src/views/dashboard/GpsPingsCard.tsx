import { useMemo } from 'react';
import { Link } from '@fluentui/react-components';
import { pingKey, type GpsPing } from '../../api/entities.ts';
import { useOpenProfile, type OpenProfile } from '../profile/ProfileOpener.tsx';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';

const PING_ROWS = 20;

/** The tourist's id opens their profile (issue 34) where the dashboard offers it. */
const columnsWith = (openProfile: OpenProfile | undefined): Column<GpsPing>[] => [
  { title: 'Time', cell: (p) => formatTime(p.at) },
  { title: 'Lat', cell: (p) => formatCoordinate(p.latitude) },
  { title: 'Lng', cell: (p) => formatCoordinate(p.longitude) },
  {
    title: 'Tourist',
    cell: (p) => {
      const touristId = p.touristId;
      if (!touristId || !openProfile) return orDash(touristId);
      return (
        <Link as="button" aria-label={`Profile of ${touristId}`} onClick={() => openProfile(touristId)}>
          {touristId}
        </Link>
      );
    },
  },
  { title: 'Device', cell: (p) => orDash(p.deviceId) },
];

export function GpsPingsCard() {
  const { send } = DashboardActor.useActorRef();
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  const openProfile = useOpenProfile();
  const columns = useMemo(() => columnsWith(openProfile), [openProfile]);
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
