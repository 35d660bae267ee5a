// The zones' outlines as straight segments for deck.gl's LineLayer (issue 31, speed). Measured with software
// WebGL (bench/browser-zones.ts, profiled): the first frame that uses PathLayer's program, the one PolygonLayer
// strokes with, blocked the main thread some 600 ms whether it drew 10 zones or 300, its shader compiled in the
// GPU process; LineLayer's much simpler program draws the same 2 px outlines (joints unmitred, which no one
// sees at that width). Each zone's segments are built once per zone record and zoom level.
import { LineLayer } from '@deck.gl/layers';
import type { Rgb } from '../../domain/risk-colours.ts';

export interface ZoneSegments {
  /** [longitude, latitude] of each segment's start, then its end: 4 numbers a segment. */
  ends: Float64Array;
  colour: Rgb;
}

const segmentsOf = new WeakMap<[number, number][], ZoneSegments>();

/** A closed ring's segments (cached per ring array: the outline of a zone at a zoom level). */
export function ringSegments(ring: [number, number][], colour: Rgb): ZoneSegments {
  let segments = segmentsOf.get(ring);
  if (!segments) {
    const count = Math.max(0, ring.length - 1);
    const ends = new Float64Array(count * 4);
    for (let i = 0; i < count; i++) ends.set([ring[i][0], ring[i][1], ring[i + 1][0], ring[i + 1][1]], i * 4);
    segmentsOf.set(ring, (segments = { ends, colour }));
  }
  return segments;
}

/** The binary data of a LineLayer drawing every segment of the items' rings, each in its colour. */
export function outlineData<T>(
  items: readonly T[],
  ringOf: (item: T) => [number, number][],
  colourOf: (item: T) => Rgb,
) {
  const parts = items.map((item) => ringSegments(ringOf(item), colourOf(item)));
  const length = parts.reduce((sum, part) => sum + part.ends.length / 4, 0);
  const sources = new Float64Array(length * 2);
  const targets = new Float64Array(length * 2);
  const colours = new Uint8Array(length * 3);
  let at = 0;
  for (const { ends, colour } of parts) {
    for (let i = 0; i < ends.length; i += 4, at++) {
      sources[at * 2] = ends[i];
      sources[at * 2 + 1] = ends[i + 1];
      targets[at * 2] = ends[i + 2];
      targets[at * 2 + 1] = ends[i + 3];
      colours.set(colour, at * 3);
    }
  }
  return {
    length,
    attributes: {
      getSourcePosition: { value: sources, size: 2 },
      getTargetPosition: { value: targets, size: 2 },
      getColor: { value: colours, size: 3, normalized: true },
    },
  };
}

export function buildOutlinesLayer(id: string, data: ReturnType<typeof outlineData>, widthPx: number) {
  return new LineLayer({ id, data, getWidth: widthPx, widthUnits: 'pixels' });
}
