// The replay's map (issue 34 point 2): deck.gl over MapLibre, fitted to the tracks. The paths and stops are
// drawn once in the map's overlay; each move of the clock redraws the trails and positions in the live
// overlay above it, outside React (a subscription to the clock the panel hands in), so a frame costs their
// layer diff and nothing of a render. The map's element carries the drawn positions (`data-positions`) and
// the camera's bounds (`data-view`).
import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TouristTrack } from '../../api/track.ts';
import type { ReplaySpan } from '../../domain/replay-timeline.ts';
import { useBasemapTheme } from '../useBasemapTheme.ts';
import { useDeckMap } from '../useDeckMap.ts';
import { keepInView, type MapSize } from './follow.ts';
import { replayBounds, replayPositions, replayStopMarkers, replayTrips, type ReplayPosition } from './replay-data.ts';
import { buildLiveReplayLayers, buildStillReplayLayers } from './replay-layers.ts';
import { useLiveOverlay } from './useLiveOverlay.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  map: { height: '360px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', position: 'relative' },
});

/** The replay's clock as the map reads it: where it stands, whether the camera follows, and its changes. */
export interface ReplayClock {
  now(): { positionS: number; following: boolean };
  subscribe(listener: () => void): { unsubscribe(): void };
}

export interface ReplayMapProps {
  tracks: readonly TouristTrack[];
  span: ReplaySpan;
  clock: ReplayClock;
  dark: boolean;
}

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

export default function ReplayMap({ tracks, span, clock, dark }: ReplayMapProps) {
  const styles = useStyles();
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const trips = useMemo(() => replayTrips(tracks, span), [tracks, span]);
  const stops = useMemo(() => replayStopMarkers(tracks), [tracks]);
  const bounds = useMemo(() => replayBounds(trips), [trips]);
  const [start] = useState(() => ({
    center: bounds
      ? ([(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2] as [number, number])
      : ([91.8933, 25.5788] as [number, number]),
    zoom: 14,
  }));
  const status = useDeckMap(container, { camera: start, dark });
  const deckMap = status.state === 'ready' ? status.deckMap : null;
  useBasemapTheme(deckMap?.map ?? null, dark);
  const live = useLiveOverlay(deckMap?.map ?? null);

  useEffect(() => {
    if (deckMap && bounds) deckMap.map.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 17 });
  }, [deckMap, bounds]);

  useEffect(() => {
    const element = container.current;
    if (!deckMap || !element) return;
    // What the camera shows, for whoever reads the page's state (the tests): [[west, south], [east, north]].
    const markView = () => void (element.dataset.view = JSON.stringify(deckMap.map.getBounds().toArray()));
    markView();
    deckMap.map.on('moveend', markView);
    return () => void deckMap.map.off('moveend', markView);
  }, [deckMap]);

  useEffect(() => {
    deckMap?.overlay.setProps({ layers: buildStillReplayLayers({ trips, stops }) });
  }, [deckMap, trips, stops]);

  useEffect(() => {
    const element = container.current;
    if (!deckMap || !live || !element) return;
    let drawn = { positionS: NaN, following: false };
    let positions: ReplayPosition[] | undefined;
    let size: MapSize | undefined;
    const sizes = new ResizeObserver(([entry]) => {
      if (entry) size = { width: entry.contentRect.width, height: entry.contentRect.height };
    });
    sizes.observe(element);
    const draw = () => {
      const now = clock.now();
      if (now.positionS === drawn.positionS && now.following === drawn.following) return;
      drawn = now;
      positions = replayPositions(trips, now.positionS, positions);
      live.setProps({ layers: buildLiveReplayLayers({ trips, positions, positionS: now.positionS }) });
      element.dataset.positions = JSON.stringify(
        positions.map((p) => [p.touristId, rounded(p.position[0]), rounded(p.position[1])]),
      );
      if (now.following && size) keepInView(deckMap.map, size, positions);
    };
    draw();
    const subscription = clock.subscribe(draw);
    return () => {
      subscription.unsubscribe();
      sizes.disconnect();
    };
  }, [deckMap, live, trips, clock]);

  return (
    <div
      ref={container}
      className={styles.map}
      role="region"
      aria-label={t('map.replayMap')}
      data-testid="replay-map"
    />
  );
}
