/** A square region boundary, `[lat, lng]` corners, its south-west corner at (`south`, `west`). */
export const squareOutline = (south: number, west: number, size: number) => [
  [south, west],
  [south + size, west],
  [south + size, west + size],
  [south, west + size],
];
