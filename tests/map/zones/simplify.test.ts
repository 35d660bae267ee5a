import { describe, expect, it } from 'vitest';
import { degreesPerPixel, simplifyRing } from '../../../src/map/zones/simplify.ts';

/** A closed regular polygon of `n` vertices, [longitude, latitude], vertex 0 due north. */
function circle(n: number, radiusDeg: number, centre: [number, number] = [91.6, 26.1]): [number, number][] {
  const shrink = Math.cos((centre[1] * Math.PI) / 180);
  const ring = Array.from({ length: n }, (_, i): [number, number] => {
    const bearing = (2 * Math.PI * i) / n;
    return [centre[0] + (radiusDeg * Math.sin(bearing)) / shrink, centre[1] + radiusDeg * Math.cos(bearing)];
  });
  return [...ring, ring[0]];
}

/** The largest distance (in pixels at `zoom`) from a vertex left out to the simplified outline. */
function worstPixels(original: [number, number][], kept: [number, number][], zoom: number) {
  const shrink = Math.cos((original[0][1] * Math.PI) / 180);
  const px = degreesPerPixel(zoom) * shrink;
  const distance = ([x, y]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]) => {
    const [px0, py0, ax0, ay0, bx0, by0] = [x * shrink, y, ax * shrink, ay, bx * shrink, by];
    const dx = bx0 - ax0;
    const dy = by0 - ay0;
    const t = Math.max(0, Math.min(1, ((px0 - ax0) * dx + (py0 - ay0) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px0 - ax0 - t * dx, py0 - ay0 - t * dy);
  };
  return (
    Math.max(
      ...original.map((vertex) => Math.min(...kept.slice(0, -1).map((a, i) => distance(vertex, a, kept[i + 1])))),
    ) / px
  );
}

describe('zones drawn with no more vertices than the zoom shows', () => {
  // A 300 m zone of 50 vertices, as the bench's (bench/support/zone-grid.ts).
  const zone = circle(50, 300 / 111_320);

  it('leaves out the vertices that move the outline by less than half a pixel, and keeps the ring closed', () => {
    for (const zoom of [10, 12, 13]) {
      const kept = simplifyRing(zone, 0.5 * degreesPerPixel(zoom));
      expect(kept.length, `zoom ${zoom}`).toBeLessThan(zone.length);
      expect(kept.at(-1)).toEqual(kept[0]);
      expect(worstPixels(zone, kept, zoom), `zoom ${zoom}`).toBeLessThanOrEqual(0.5);
      // Every vertex kept is one of the zone's own.
      for (const vertex of kept) expect(zone).toContainEqual(vertex);
    }
    expect(simplifyRing(zone, 0.5 * degreesPerPixel(10)).length).toBeLessThan(
      simplifyRing(zone, 0.5 * degreesPerPixel(13)).length,
    );
  });

  it('keeps every vertex where the zoom shows them all, and a square as it is', () => {
    expect(simplifyRing(zone, 0.5 * degreesPerPixel(16))).toEqual(zone);
    const square: [number, number][] = [
      [91, 26],
      [91.01, 26],
      [91.01, 26.01],
      [91, 26.01],
      [91, 26],
    ];
    expect(simplifyRing(square, 0.5 * degreesPerPixel(13))).toEqual(square);
  });

  it('a zone smaller than a pixel keeps three of its vertices, so it is still drawn', () => {
    const kept = simplifyRing(zone, 0.5 * degreesPerPixel(3));
    expect(kept).toHaveLength(4);
    expect(new Set(kept.slice(0, -1).map(String)).size).toBe(3);
  });
});
