// The replay's layers (issue 34 point 2), built by a pure function each frame: the whole paths faint, the
// trails up to the clock (TripsLayer, whose clock is a uniform: a frame changes no attribute), the stops as
// circles with their durations, and each tourist's position now. Same data by reference, same attributes.
import { TripsLayer } from '@deck.gl/geo-layers';
import { PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { STOP_RADIUS_M } from '../../domain/track-summary.ts';
import { withOpacity } from '../style.ts';
import type { ReplayPosition, ReplayStopMarker, ReplayTrip } from './replay-data.ts';

export const REPLAY_LAYER_IDS = { paths: 'replay-paths', trips: 'replay-trips', stops: 'replay-stops', stopLabels: 'replay-stop-labels', positions: 'replay-positions' } as const;

export interface ReplayScene {
  trips: readonly ReplayTrip[];
  stops: readonly ReplayStopMarker[];
  positions: readonly ReplayPosition[];
  positionS: number;
}

const WHITE: [number, number, number] = [255, 255, 255];

export function buildReplayLayers({ trips, stops, positions, positionS }: ReplayScene) {
  return [
    new PathLayer<ReplayTrip>({
      id: REPLAY_LAYER_IDS.paths,
      data: trips as ReplayTrip[],
      getPath: (trip) => trip.path,
      getColor: (trip) => withOpacity(trip.colour, 0.25),
      getWidth: 2,
      widthUnits: 'pixels',
    }),
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
    }),
  ];
}
