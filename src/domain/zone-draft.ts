// A zone being drawn or edited in the Zones view (issue 31), before it is saved: its fields, its outline, and
// the outlines before and after it for undo and redo. Pure: the editor's statechart keeps one, the map shows it.
import type { Geofence } from '../api/entities.ts';
import type { RiskLevel } from '../api/fields.ts';
import { stepBack, stepForward, stepFrom, type UndoSteps } from './undo-steps.ts';
import { circleToPolygon, zoneOutlineIssues, type GeometryIssue, type ZoneCircle } from './zone-geometry.ts';

export { MAX_UNDO } from './undo-steps.ts';

/** What stops a draft being saved: the server's sentence, or (the editor's own) a catalogue message with its id. */
export type DraftIssue = GeometryIssue & { id?: 'zones.nameMissing' };

export type Outline = { polygon: [number, number][]; circle?: ZoneCircle };

export interface ZoneDraft extends UndoSteps<Outline> {
  /** Absent for a zone not saved yet. */
  id?: string;
  /** The version the edit started from: sent as If-Match. */
  version?: number;
  name: string;
  riskLevel: RiskLevel;
  regionId: string;
  placeId: string;
  outline: Outline;
  /** The zone's meta as stored (kept: the server keeps what the editor does not know). */
  meta: Record<string, unknown>;
}

export function draftOfZone(zone: Geofence): ZoneDraft {
  const { placeId, circle, ...meta } = zone.meta ?? {};
  return {
    id: zone.id,
    version: zone.version,
    name: zone.name,
    riskLevel: zone.riskLevel,
    regionId: zone.regionId,
    placeId: typeof placeId === 'string' ? placeId : '',
    outline: { polygon: zone.polygon.map(([lat, lng]) => [lat, lng]), ...(isCircle(circle) && { circle }) },
    past: [],
    future: [],
    meta,
  };
}

function isCircle(value: unknown): value is ZoneCircle {
  const circle = value as Partial<ZoneCircle> | null | undefined;
  return Array.isArray(circle?.center) && typeof circle?.radiusM === 'number';
}

/** A zone just drawn: unnamed, yellow, in the region the list shows (or `default`). */
export function newDraft(outline: Outline, regionId: string): ZoneDraft {
  return { name: '', riskLevel: 'yellow', regionId, placeId: '', outline, past: [], future: [], meta: {} };
}

export const samePolygon = (a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]) =>
  a.length === b.length && a.every(([lat, lng], i) => lat === b[i][0] && lng === b[i][1]);

const sameOutline = (a: Outline, b: Outline) =>
  samePolygon(a.polygon, b.polygon) &&
  a.circle?.radiusM === b.circle?.radiusM &&
  a.circle?.center[0] === b.circle?.center[0] &&
  a.circle?.center[1] === b.circle?.center[1];

/** A new outline from the map: the current one goes onto the undo stack; redo is forgotten. */
export function reshape(draft: ZoneDraft, outline: Outline): ZoneDraft {
  if (sameOutline(draft.outline, outline)) return draft;
  return { ...draft, outline, ...stepFrom(draft, draft.outline) };
}

export const canUndo = (draft: ZoneDraft | undefined) => Boolean(draft && draft.past.length > 0);
export const canRedo = (draft: ZoneDraft | undefined) => Boolean(draft && draft.future.length > 0);

export function undo(draft: ZoneDraft): ZoneDraft {
  const back = stepBack(draft, draft.outline);
  return back ? { ...draft, outline: back.value, past: back.past, future: back.future } : draft;
}

export function redo(draft: ZoneDraft): ZoneDraft {
  const forward = stepForward(draft, draft.outline);
  return forward ? { ...draft, outline: forward.value, past: forward.past, future: forward.future } : draft;
}

/** A circle as the map draws it (center and radius): saved as its polygon of 64 vertices with meta.circle. */
export function circleOutline(center: ZoneCircle['center'], radiusM: number): Outline {
  const { polygon, meta } = circleToPolygon(center, radiusM);
  return { polygon, circle: meta.circle };
}

export type DraftFields = Partial<Pick<ZoneDraft, 'name' | 'riskLevel' | 'regionId' | 'placeId'>>;

export function withFields(draft: ZoneDraft, fields: DraftFields): ZoneDraft {
  return { ...draft, ...fields };
}

/** Why the draft cannot be saved yet: the same sentences the server would answer, shown before saving. */
export function draftIssues(draft: ZoneDraft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  if (!draft.name.trim()) issues.push({ field: 'name', message: 'Give the zone a name.', id: 'zones.nameMissing' });
  return [...issues, ...zoneOutlineIssues(draft.outline.polygon)];
}

/** The body of POST /geofences (new) or PUT /geofences/:id (existing). */
export function zoneBody(draft: ZoneDraft) {
  const placeId = draft.placeId.trim();
  const meta: Record<string, unknown> = {
    ...draft.meta,
    ...(placeId && { placeId }),
    ...(draft.outline.circle && { circle: draft.outline.circle }),
  };
  return {
    name: draft.name.trim(),
    riskLevel: draft.riskLevel,
    regionId: draft.regionId,
    polygon: draft.outline.polygon,
    meta,
  };
}
