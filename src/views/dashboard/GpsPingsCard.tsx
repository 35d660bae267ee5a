import { useMemo, useState } from 'react';
import { Button, Link } from '@fluentui/react-components';
import { DEFAULT_TRACK_MINUTES, MAX_GROUP_TOURISTS } from '../../api/track.ts';
import { recentReplayRange } from '../../domain/replay-timeline.ts';
import { ReplayDialog } from '../replay/ReplayDialog.tsx';
import { pingKey, type GpsPing } from '../../api/entities.ts';
import { useOpenProfile, type OpenProfile } from '../profile/ProfileOpener.tsx';
import { DashboardActor } from '../dashboard-actor.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { DataCard, type Column } from './DataCard.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const PING_ROWS = 20;

/** The tourist's id opens their profile (issue 34) where the dashboard offers it. */
const columnsWith = (openProfile: OpenProfile | undefined, clock: ClockStyle, t: Translate): Column<GpsPing>[] => [
  { title: t('dashboard.column.time'), cell: (p) => formatTime(p.at, clock) },
  { title: t('dashboard.column.lat'), cell: (p) => formatCoordinate(p.latitude) },
  { title: t('dashboard.column.lng'), cell: (p) => formatCoordinate(p.longitude) },
  {
    title: t('dashboard.column.tourist'),
    cell: (p) => {
      const touristId = p.touristId;
      if (!touristId || !openProfile) return orDash(touristId);
      return (
        <Link
          as="button"
          aria-label={t('dashboard.profileOf', { id: touristId })}
          onClick={() => openProfile(touristId)}
        >
          {touristId}
        </Link>
      );
    },
  },
  { title: t('dashboard.column.device'), cell: (p) => orDash(p.deviceId) },
];

/** The tourists of the pings shown, up to a replay's group, for "Replay these tourists" (issue 34). */
const groupOf = (pings: readonly GpsPing[]) =>
  [...new Set(pings.flatMap((ping) => (ping.touristId ? [ping.touristId] : [])))].slice(0, MAX_GROUP_TOURISTS);

export function GpsPingsCard() {
  const { send } = DashboardActor.useActorRef();
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  const openProfile = useOpenProfile();
  const clock = useClock();
  const t = useT();
  const columns = useMemo(() => columnsWith(openProfile, clock, t), [openProfile, clock, t]);
  const shown = useMemo(() => pings.slice(0, PING_ROWS), [pings]);
  const group = useMemo(() => groupOf(shown), [shown]);
  const [replay, setReplay] = useState<{ touristIds: string[]; from: string; to: string }>();
  return (
    <>
      {replay && <ReplayDialog {...replay} onClose={() => setReplay(undefined)} />}
      <DataCard
        extraAction={
          group.length > 0 && (
            <Button
              size="small"
              onClick={() => setReplay({ touristIds: group, ...recentReplayRange(DEFAULT_TRACK_MINUTES) })}
            >
              {t('dashboard.replay', { count: group.length })}
            </Button>
          )
        }
        title={t('dashboard.pings')}
        columns={columns}
        rows={shown}
        rowKey={(p) => pingKey(p)}
        emptyText={t('dashboard.noPings')}
        onRefresh={() => send({ type: 'pings.refresh' })}
      />
    </>
  );
}
