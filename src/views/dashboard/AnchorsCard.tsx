import type { DidAnchor } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, truncateDigest } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';

const ANCHOR_ROWS = 20;

const columns: Column<DidAnchor>[] = [
  { title: 'Time', cell: (a) => formatTime(a.createdAt) },
  { title: 'DID', cell: (a) => a.didId },
  { title: 'Digest', cell: (a) => <span title={a.digest}>{truncateDigest(a.digest)}</span> },
  { title: 'Chain', cell: (a) => a.chain },
  { title: 'Status', cell: (a) => a.status },
];

export function AnchorsCard() {
  const { send } = DashboardActor.useActorRef();
  const anchors = DashboardActor.useSelector((s) => s.context.anchors);
  return (
    <DataCard
      title="DID Anchors"
      columns={columns}
      rows={anchors.slice(0, ANCHOR_ROWS)}
      rowKey={(a) => a.id}
      emptyText="No anchors yet."
      onRefresh={() => send({ type: 'anchors.refresh' })}
    />
  );
}
