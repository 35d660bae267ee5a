// What an import would do to the stored zones, feature by feature (new, change, unchanged, refused), and
// doing it: all in the caller's transaction, so the preview and the write see the same zones.
import type { Geofence } from '../../src/api/entities.ts';
import type { ZoneImportItem, ZoneImportResponse } from '../../src/api/zones.ts';
import { openRing } from '../../src/domain/zone-geometry.ts';
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import type { ActingOperator } from '../http/acting-operator.ts';
import { geofencesById, saveGeofence } from '../stores/geofences.ts';
import { regionIds } from '../stores/regions.ts';
import type { ImportCandidate, ZoneDraft } from './import-features.ts';
import { recordZoneWrite } from './zone-writes.ts';

export interface ImportPlan {
  items: ZoneImportItem[];
  counts: ZoneImportResponse['counts'];
  /** The zones to write, with what each replaces. */
  writes: { previous: Geofence | null; zone: ZoneDraft }[];
}

/** Equal as zones: a stored ring closed by a repeated first point is the same outline as the open one. */
function sameZone(stored: Geofence, draft: ZoneDraft): boolean {
  return (
    stored.name === draft.name &&
    stored.riskLevel === draft.riskLevel &&
    stored.regionId === draft.regionId &&
    JSON.stringify(openRing(stored.polygon)) === JSON.stringify(draft.polygon) &&
    canonicalJson(stored.meta) === canonicalJson(draft.meta)
  );
}

/** Every id used by more than one zone of the file refuses each of them, so the list shows them all. */
function duplicateIdErrors(candidates: readonly ImportCandidate[]): Map<ImportCandidate, string> {
  const featuresById = new Map<string, number[]>();
  for (const { id, index } of candidates)
    if (id !== null) featuresById.set(id, [...(featuresById.get(id) ?? []), index]);
  const errors = new Map<ImportCandidate, string>();
  for (const candidate of candidates) {
    const features = candidate.id === null ? [] : featuresById.get(candidate.id)!;
    if (features.length > 1) {
      errors.set(
        candidate,
        `id "${candidate.id}" is used by more than one zone of this file (features ${[...new Set(features)].join(', ')}); ids must be unique within one import.`,
      );
    }
  }
  return errors;
}

export async function planImport(
  tx: Sql,
  candidates: readonly ImportCandidate[],
  lockStored: boolean,
): Promise<ImportPlan> {
  const known = new Set(await regionIds(tx));
  const duplicates = duplicateIdErrors(candidates);
  const ids = candidates.flatMap((candidate) => (candidate.zone ? [candidate.zone.id] : []));
  const stored = new Map((await geofencesById(tx, ids, lockStored)).map((zone) => [zone.id, zone]));
  const plan: ImportPlan = { items: [], counts: { new: 0, change: 0, unchanged: 0, refused: 0 }, writes: [] };
  for (const candidate of candidates) {
    const errors = [...candidate.errors];
    const duplicate = duplicates.get(candidate);
    if (duplicate) errors.push({ field: 'id', message: duplicate });
    const { zone } = candidate;
    if (zone && !known.has(zone.regionId)) {
      errors.push({
        field: 'properties.regionId',
        message: `properties.regionId "${zone.regionId}" is not a known region (GET /regions): one of ${[...known].join(', ')}.`,
      });
    }
    const base = { index: candidate.index, id: candidate.id, name: candidate.name };
    if (errors.length > 0 || !zone) {
      plan.counts.refused++;
      plan.items.push({ ...base, action: 'refused', errors });
      continue;
    }
    const previous = stored.get(zone.id) ?? null;
    const action = !previous ? 'new' : sameZone(previous, zone) ? 'unchanged' : 'change';
    plan.counts[action]++;
    plan.items.push({ ...base, action, errors: [], geofence: action === 'unchanged' ? previous! : zone });
    if (action !== 'unchanged') plan.writes.push({ previous, zone });
  }
  return plan;
}

/** Writes the plan's new and changed zones, each audited and announced; unchanged zones keep their version. */
export async function applyImport(tx: Sql, emit: Emit, who: ActingOperator, plan: ImportPlan): Promise<ImportPlan> {
  const savedById = new Map<string, Geofence>();
  for (const { previous, zone } of plan.writes) {
    const { geofence } = await saveGeofence(tx, zone, who.actor);
    savedById.set(geofence.id, geofence);
    await recordZoneWrite(tx, emit, who, 'geofence.import', { previous, saved: geofence });
  }
  const items = plan.items.map((item) =>
    item.id !== null && savedById.has(item.id) && item.action !== 'refused'
      ? { ...item, geofence: savedById.get(item.id)! }
      : item,
  );
  return { ...plan, items };
}
