// GET /positions/stream (issue 48): the positions of one area, as the map shows them. Points at street zooms,
// counts per H3 cell when zoomed out; a snapshot first, then what changed, at most once a second per device.
import { z } from 'zod';
import { GpsPing } from './entities.ts';
import { idSchema } from './fields.ts';

/** Below this zoom the area is answered as counts per cell, not points. */
export const POINTS_FROM_ZOOM = 11;

/** The H3 resolution of the counts at `zoom`: cells a few dozen pixels across on the map. */
export function cellResolution(zoom: number): number {
  if (zoom <= 4) return 3;
  if (zoom <= 6) return 4;
  if (zoom <= 8) return 5;
  return 7;
}

/** Every resolution cellResolution answers: each position's cell at each is kept. */
export const CELL_RESOLUTIONS = [3, 4, 5, 7] as const;

const coordinates = z
  .string()
  .transform((text) => text.split(',').map(Number))
  .refine(
    (n) => n.length === 4 && n.every(Number.isFinite) && n[0]! >= -180 && n[2]! <= 180 && n[1]! >= -90 && n[3]! <= 90,
    'bbox must be west,south,east,north in degrees',
  )
  .refine((n) => n[0]! < n[2]! && n[1]! < n[3]!, 'bbox must have west below east and south below north')
  .transform((n) => ({ west: n[0]!, south: n[1]!, east: n[2]!, north: n[3]! }));

export const PositionsStreamQuery = z.object({
  /** Only positions this region holds (by its boundary, as panics are filed); absent or `all`: every region. */
  regionId: idSchema('regionId').optional(),
  /** Only positions inside it: west,south,east,north. Absent: the whole region. */
  bbox: coordinates.optional(),
  zoom: z.coerce
    .number({ error: 'zoom must be a number' })
    .min(0, 'zoom must be between 0 and 24')
    .max(24, 'zoom must be between 0 and 24')
    .default(12),
});
export type PositionsArea = z.infer<typeof PositionsStreamQuery>;

export const CellCount = z.object({ cell: z.string(), count: z.number().int() });
export type CellCount = z.infer<typeof CellCount>;

/** The stream's messages, each an unnamed event without an id: a reconnection starts with a fresh snapshot. */
export const PositionsMessage = z.discriminatedUnion('type', [
  /** Every device's latest position in the area, when zoomed in. */
  z.object({ type: z.literal('positions_snapshot'), positions: z.array(GpsPing) }),
  /** Positions that changed since the last message, and the keys that left the area. */
  z.object({ type: z.literal('positions'), positions: z.array(GpsPing), left: z.array(z.string()) }),
  /** Zoomed out: the devices per cell in the area (every cell, then those whose count changed; 0 when emptied). */
  z.object({ type: z.literal('cells_snapshot'), resolution: z.number().int(), cells: z.array(CellCount) }),
  z.object({ type: z.literal('cells'), resolution: z.number().int(), cells: z.array(CellCount) }),
]);
export type PositionsMessage = z.infer<typeof PositionsMessage>;

const LISTS: Record<PositionsMessage['type'], 'positions' | 'cells'> = {
  positions_snapshot: 'positions',
  positions: 'positions',
  cells_snapshot: 'cells',
  cells: 'cells',
};

/**
 * One `data:` line of the positions stream, or undefined when it is not a message the map knows. Its lists are
 * not checked item by item: a snapshot of 20,000 positions would cost the page more than drawing them.
 */
export function parsePositionsMessage(data: string): PositionsMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const list = LISTS[message.type as PositionsMessage['type']];
  if (!list || !Array.isArray(message[list])) return undefined;
  if (message.type === 'positions' && !Array.isArray(message.left)) return undefined;
  if (list === 'cells' && typeof message.resolution !== 'number') return undefined;
  return message as unknown as PositionsMessage;
}
