// Zones drawn with no more vertices than the map's zoom can show (issue 31, speed): with software WebGL the GPU
// process shades every vertex of every zone handed to deck.gl, and a 300 m zone of 50 vertices is some 70 px
// across at zoom 13 (its edges 4 px long), a few pixels at zoom 10. Douglas–Peucker on the ring, in degrees
// with longitude shrunk by the latitude's cosine (as the map shows it), keeps every vertex that stands out by
// more than the tolerance. Pure; the layer caches each zone's ring per whole zoom level.
export type LngLatRing = [number, number][];

/** Degrees of longitude one pixel spans at `zoom` (512 px tiles), the same at every latitude on the map. */
export const degreesPerPixel = (zoom: number) => 360 / (512 * 2 ** zoom);

/**
 * The ring (closed or open, [longitude, latitude]) with the vertices that move its outline by less than
 * `tolerance` (in degrees of longitude, as degreesPerPixel gives it) left out; at least 3 distinct vertices are
 * kept. Closed rings stay closed.
 */
export function simplifyRing(ring: readonly [number, number][], tolerance: number): LngLatRing {
  const closed = ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1];
  const open = closed ? ring.slice(0, -1) : ring.slice();
  if (open.length <= 4 || tolerance <= 0) return ring.map(([lng, lat]) => [lng, lat]);
  const shrink = Math.cos((open[0][1] * Math.PI) / 180);
  const x = (i: number) => open[i][0] * shrink;
  const y = (i: number) => open[i][1];
  // The ring is cut at vertex 0 and the vertex farthest from it; each half is simplified on its own.
  let far = 1;
  let farDistance = -1;
  for (let i = 1; i < open.length; i++) {
    const d = (x(i) - x(0)) ** 2 + (y(i) - y(0)) ** 2;
    if (d > farDistance) [far, farDistance] = [i, d];
  }
  const keep = new Uint8Array(open.length);
  keep[0] = keep[far] = 1;
  // A pixel spans `tolerance` degrees of longitude, and as many of latitude shrunk by the cosine.
  const limit = (tolerance * shrink) ** 2;
  const stack: [number, number][] = [
    [0, far],
    [far, open.length],
  ];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    const end = to % open.length;
    const dx = x(end) - x(from);
    const dy = y(end) - y(from);
    const length2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDistance = limit;
    for (let i = from + 1; i < to; i++) {
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x(i) - x(from)) * dx + (y(i) - y(from)) * dy) / length2));
      const d = (x(i) - x(from) - t * dx) ** 2 + (y(i) - y(from) - t * dy) ** 2;
      if (d > worstDistance) [worst, worstDistance] = [i, d];
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([from, worst], [worst, to]);
  }
  let kept = open.filter((_, i) => keep[i]);
  // Too small to show as more than a dot: a triangle of its own vertices still marks (and picks) it.
  if (kept.length < 3) kept = [open[0], open[Math.floor(open.length / 3)], open[Math.floor((2 * open.length) / 3)]];
  const result = kept.map(([lng, lat]): [number, number] => [lng, lat]);
  return closed ? [...result, result[0]] : result;
}
