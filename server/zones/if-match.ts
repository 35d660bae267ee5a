// Optimistic concurrency for zone writes: the caller names the version it read in `If-Match`, and the write
// goes through only while that version is still the stored one.
import type { Geofence } from '../../src/api/entities.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The version an `If-Match` header names: `3`, `"3"` or `W/"3"` (a zone's version is its entity tag; weak or
 * strong makes no difference for a whole zone). Missing: 428, so no client overwrites a zone blind.
 */
export function versionFromIfMatch(header: string | string[] | undefined): number {
  const raw = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim();
  if (raw === '') {
    throw new HttpError(
      428,
      "If-Match is required: send the zone's version as read from GET /geofences (If-Match: 3), so a change someone else saved meanwhile is not overwritten.",
      [{ path: 'If-Match', message: 'If-Match is required' }],
    );
  }
  const tag = /^(?:W\/)?"?(\d{1,9})"?$/i.exec(raw);
  if (!tag) {
    const message = `If-Match must be the zone's version, a whole number such as 3 or "3"; got ${JSON.stringify(raw.slice(0, 40))}`;
    throw new HttpError(400, `Invalid request header: ${message}.`, [{ path: 'If-Match', message }]);
  }
  return Number(tag[1]);
}

/** The 409 sentence: who saved the zone last and when, so the operator knows whose change to reload. */
export function staleVersionSentence(current: Geofence): string {
  const who = current.updatedBy ?? 'someone (not recorded)';
  return `Zone "${current.name}" was changed by ${who} at ${current.updatedAt ?? 'an unknown time'} (version ${current.version ?? 1}); reload their version before saving.`;
}

/** The `ETag` of a zone's answer: what the next write sends back in `If-Match`. */
export const zoneEtag = (zone: Geofence) => `"${zone.version ?? 1}"`;
