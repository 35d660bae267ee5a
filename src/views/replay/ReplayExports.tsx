// The replay's tracks as files (issue 34 point 2): GPX, KML (a gx:Track with each time) and GeoJSON, downloaded.
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { trackGeoJson, trackGpx, trackKml } from '../../domain/track-files.ts';
import type { ReplayRef } from './replay-ref.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the file over; the URL is kept a moment for browsers that read it after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name of the tourists and the range's start, without characters file systems refuse. */
export function replayFileName(touristIds: readonly string[], from: string, extension: string): string {
  const who =
    touristIds.length > 3
      ? `${touristIds.slice(0, 3).join('_')}_and_${touristIds.length - 3}_more`
      : touristIds.join('_');
  return `replay-${who}-${from.slice(0, 16)}`.replace(/[^A-Za-z0-9._-]+/g, '-') + `.${extension}`;
}

export const ReplayExports = memo(function ReplayExports({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const t = useT();
  const answer = useSelector(replay, (s) => s.context.answer);
  if (!answer) return null;
  const files = answer.tracks.map((track) => ({ touristId: track.touristId, points: track.points }));
  const ids = files.map((file) => file.touristId);
  return (
    <div className={styles.row} role="group" aria-label={t('replay.export')}>
      <Button
        icon={<ArrowDownloadRegular />}
        onClick={() =>
          download(
            replayFileName(ids, answer.from, 'gpx'),
            'application/gpx+xml',
            trackGpx(files, `Replay of ${ids.join(', ')}`),
          )
        }
      >
        {t('replay.exportGpx')}
      </Button>
      <Button
        icon={<ArrowDownloadRegular />}
        onClick={() =>
          download(replayFileName(ids, answer.from, 'kml'), 'application/vnd.google-earth.kml+xml', trackKml(files))
        }
      >
        {t('replay.exportKml')}
      </Button>
      <Button
        icon={<ArrowDownloadRegular />}
        onClick={() =>
          download(
            replayFileName(ids, answer.from, 'geojson'),
            'application/geo+json',
            JSON.stringify(trackGeoJson(files)),
          )
        }
      >
        {t('replay.exportGeoJson')}
      </Button>
    </div>
  );
});
