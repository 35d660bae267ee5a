// Per tourist (issue 34 point 2): distance, moving and stopped time, and the stops with their start and duration.
import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { MAX_TRACK_POINTS, type TouristTrack } from '../../api/track.ts';
import { formatPosition } from '../../domain/display.ts';
import { formatReplayClock, replayColour } from '../../domain/replay-timeline.ts';
import { formatDistance } from '../../domain/display.ts';
import { formatDuration } from '../../domain/track-summary.ts';
import type { ReplayRef } from './replay-ref.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  tracks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

function TrackSection({ track, index }: { track: TouristTrack; index: number }) {
  const styles = useStyles();
  const t = useT();
  const clock = useClock();
  const [r, g, b] = replayColour(index);
  const { summary } = track;
  return (
    <section aria-label={t('replay.trackOf', { id: track.touristId })}>
      <div className={styles.heading}>
        <span className={styles.swatch} style={{ backgroundColor: `rgb(${r}, ${g}, ${b})` }} />
        <Text weight="semibold">{track.touristId}</Text>
      </div>
      <Text block aria-label={t('replay.summaryOf', { id: track.touristId })}>
        {t('replay.summary', {
          count: summary.pointCount,
          distance: formatDistance(summary.distanceM),
          moving: formatDuration(summary.movingS),
          stopped: formatDuration(summary.stoppedS),
        })}
      </Text>
      {track.truncated && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('replay.truncated', { count: MAX_TRACK_POINTS })}</MessageBarBody>
        </MessageBar>
      )}
      {track.stops.length === 0 ? (
        <Text block className={styles.muted}>
          {t('replay.noStop')}
        </Text>
      ) : (
        <Table size="small" aria-label={t('replay.stopsOf', { id: track.touristId })}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('replay.stoppedAt')}</TableHeaderCell>
              <TableHeaderCell>{t('replay.duration')}</TableHeaderCell>
              <TableHeaderCell>{t('replay.position')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {track.stops.map((stop) => (
              <TableRow key={stop.startAt}>
                <TableCell>{formatReplayClock(stop.startAt, clock)}</TableCell>
                <TableCell>{formatDuration(stop.durationS)}</TableCell>
                <TableCell>{formatPosition(stop)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

export const ReplayTracks = memo(function ReplayTracks({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const tracks = useSelector(replay, (s) => s.context.answer?.tracks ?? []);
  return (
    <div className={styles.tracks}>
      {tracks.map((track, index) => (
        <TrackSection key={track.touristId} track={track} index={index} />
      ))}
    </div>
  );
});
