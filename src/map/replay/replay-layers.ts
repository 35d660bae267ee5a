// The replay's layers (issue 34 point 2) in two decks: the still ones (the whole paths faint, the stops as
// circles with their durations), built once per answer, and the live ones, built each frame: the trails up to
// the clock (TripsLayer, whose clock is a uniform: a frame changes no attribute) and each tourist's position
// now. deck.gl redraws every layer of a deck when one changes: in one deck, four of each frame's six draw
// calls were the stills' (the labels are two), most of its drawing (profile of 2026-11-26, bench/README.md).
import { TripsLayer } from '@deck.gl/geo-layers';
import { PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { STOP_RADIUS_M } from '../../domain/track-summary.ts';
import { withOpacity } from '../style.ts';
import type { ReplayPosition, ReplayStopMarker, ReplayTrip } from './replay-data.ts';

/** In the order they are drawn, bottom to top. */
export const REPLAY_LAYER_IDS = {
  paths: 'replay-paths',
  stops: 'replay-stops',
  stopLabels: 'replay-stop-labels',
  trips: 'replay-trips',
  positions: 'replay-positions',
} as const;

export interface ReplayStills {
  trips: readonly ReplayTrip[];
  stops: readonly ReplayStopMarker[];
}

export interface ReplayFrame {
  trips: readonly ReplayTrip[];
  positions: readonly ReplayPosition[];
  positionS: number;
}

const WHITE: [number, number, number] = [255, 255, 255];

/** Under the live deck: the paths, the stops and their labels. */
export function buildStillReplayLayers({ trips, stops }: ReplayStills) {
  return [
    new PathLayer<ReplayTrip>({
      id: REPLAY_LAYER_IDS.paths,
      data: trips as ReplayTrip[],
      getPath: (trip) => trip.path,
      getColor: (trip) => withOpacity(trip.colour, 0.25),
      getWidth: 2,
      widthUnits: 'pixels',
    }),
    new ScatterplotLayer<ReplayStopMarker>({
      id: REPLAY_LAYER_IDS.stops,
      data: stops as ReplayStopMarker[],
      getPosition: (stop) => stop.position,
      getRadius: STOP_RADIUS_M,
      radiusUnits: 'meters',
      radiusMinPixels: 6,
      getFillColor: (stop) => withOpacity(stop.colour, 0.2),
      getLineColor: (stop) => [...stop.colour],
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
      stroked: true,
    }),
    new TextLayer<ReplayStopMarker>({
      id: REPLAY_LAYER_IDS.stopLabels,
      data: stops as ReplayStopMarker[],
      getPosition: (stop) => stop.position,
      getText: (stop) => stop.label,
      getSize: 12,
      getColor: [17, 24, 39],
      getPixelOffset: [0, -18],
      background: true,
      getBackgroundColor: [255, 255, 255, 220],
      backgroundPadding: [3, 1],
    }),
  ];
}

/** Each frame, over the stills: the trails up to the clock and the positions now. */
export function buildLiveReplayLayers({ trips, positions, positionS }: ReplayFrame) {
  return [
    new TripsLayer<ReplayTrip>({
      id: REPLAY_LAYER_IDS.trips,
      data: trips as ReplayTrip[],
      getPath: (trip) => trip.path,
      getTimestamps: (trip) => trip.timestamps as unknown as number[],
      getColor: (trip) => [...trip.colour],
      getWidth: 4,
      widthUnits: 'pixels',
      capRounded: true,
      jointRounded: true,
      fadeTrail: false,
      // Everything travelled so far stays drawn: the operator reads where the tourist has been.
      trailLength: 1e9,
      currentTime: positionS,
    }),
    new ScatterplotLayer<ReplayPosition>({
      id: REPLAY_LAYER_IDS.positions,
      data: positions as ReplayPosition[],
      getPosition: (p) => p.position,
      getRadius: 7,
      radiusUnits: 'pixels',
      getFillColor: (p) => [...p.colour],
      getLineColor: WHITE,
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
      stroked: true,
      // The same array from frame to frame while the same tourists are drawn (replayPositions).
      updateTriggers: { getPosition: positionS },
    }),
  ];
}
