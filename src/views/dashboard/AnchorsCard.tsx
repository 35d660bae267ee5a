import type { DidAnchor } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, truncateDigest } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';

const ANCHOR_ROWS = 20;

const columnsFor = (clock: ClockStyle): Column<DidAnchor>[] => [
  { title: 'Time', cell: (a) => formatTime(a.createdAt, clock) },
  { title: 'DID', cell: (a) => a.didId },
  { title: 'Digest', cell: (a) => <span title={a.digest}>{truncateDigest(a.digest)}</span> },
  { title: 'Chain', cell: (a) => a.chain },
  { title: 'Status', cell: (a) => a.status },
];

export function AnchorsCard() {
  const clock = useClock();
  const { send } = DashboardActor.useActorRef();
  const anchors = DashboardActor.useSelector((s) => s.context.anchors);
  return (
    <DataCard
      title="DID Anchors"
      columns={columnsFor(clock)}
      rows={anchors.slice(0, ANCHOR_ROWS)}
      rowKey={(a) => a.id}
      emptyText="No anchors yet."
      onRefresh={() => send({ type: 'anchors.refresh' })}
    />
  );
}
