import type { DidAnchor } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatTime, truncateDigest } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const ANCHOR_ROWS = 20;

const columnsFor = (clock: ClockStyle, t: Translate): Column<DidAnchor>[] => [
  { title: t('dashboard.column.time'), cell: (a) => formatTime(a.createdAt, clock) },
  { title: t('dashboard.column.did'), cell: (a) => a.didId },
  { title: t('dashboard.column.digest'), cell: (a) => <span title={a.digest}>{truncateDigest(a.digest)}</span> },
  { title: t('dashboard.column.chain'), cell: (a) => a.chain },
  { title: t('dashboard.column.status'), cell: (a) => a.status },
];

export function AnchorsCard() {
  const clock = useClock();
  const t = useT();
  const { send } = DashboardActor.useActorRef();
  const anchors = DashboardActor.useSelector((s) => s.context.anchors);
  return (
    <DataCard
      title={t('dashboard.anchors')}
      columns={columnsFor(clock, t)}
      rows={anchors.slice(0, ANCHOR_ROWS)}
      rowKey={(a) => a.id}
      emptyText={t('dashboard.noAnchors')}
      onRefresh={() => send({ type: 'anchors.refresh' })}
    />
  );
}
