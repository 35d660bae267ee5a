// The Regions form's data (issue 31): a region being created or edited, as plain values the statechart
// keeps and the view shows; and a boundary read from pasted or uploaded GeoJSON.
import type { Region } from '../api/entities.ts';
import type { RegionInput } from '../api/regions-client.ts';
import type { ContactKind } from '../api/regions.ts';
import { boundaryProblem } from './boundary-checks.ts';
import { SPEC_HOME_VIEW } from './region-home-view.ts';
import { DEFAULT_TIME_ZONE } from './time-zone.ts';
import { openRing } from './zone-geometry.ts';
import type { Vertex } from './geo.ts';
import type { Translate } from '../i18n/translate.ts';

export interface ContactDraft {
  label: string;
  phone: string;
  kind: ContactKind;
  /** [latitude, longitude] of a station, when the contact is one. */
  position?: [number, number];
}

export interface RegionDraft {
  id: string;
  name: string;
  timeZone: string;
  homeView: { center: [number, number]; zoom: number };
  boundary: [number, number][] | null;
  contacts: ContactDraft[];
}

/** A new region starts over India, with 112 as its first contact. */
export function emptyDraft(): RegionDraft {
  return {
    id: '',
    name: '',
    timeZone: DEFAULT_TIME_ZONE,
    homeView: { center: [...SPEC_HOME_VIEW.center], zoom: SPEC_HOME_VIEW.zoom },
    boundary: null,
    contacts: [{ label: 'Emergency', phone: '112', kind: 'emergency' }],
  };
}

export function draftOf(region: Region): RegionDraft {
  return {
    id: region.id,
    name: region.name,
    timeZone: region.timeZone,
    homeView: { center: [...region.homeView.center], zoom: region.homeView.zoom },
    boundary: region.boundary?.map(([lat, lng]) => [lat, lng]) ?? null,
    contacts: region.contacts.map(({ label, phone, kind, position }) => ({
      label,
      phone,
      kind,
      ...(position && { position: [position[0], position[1]] }),
    })),
  };
}

export function inputOf(draft: RegionDraft): RegionInput {
  return { ...draft, contacts: draft.contacts.map((contact) => ({ ...contact })) };
}

type Ring = readonly (readonly number[])[];

/** The outer ring of the first polygon in a GeoJSON text: a geometry, a Feature or a FeatureCollection. */
function firstOuterRing(value: unknown): Ring | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const object = value as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
  if (object.type === 'Polygon' && Array.isArray(object.coordinates)) return object.coordinates[0] as Ring;
  if (object.type === 'MultiPolygon' && Array.isArray(object.coordinates))
    return (object.coordinates[0] as Ring[] | undefined)?.[0];
  if (object.type === 'Feature') return firstOuterRing(object.geometry);
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) {
    for (const feature of object.features) {
      const ring = firstOuterRing(feature);
      if (ring) return ring;
    }
  }
  return undefined;
}

/**
 * A boundary from GeoJSON ([longitude, latitude] pairs) as the contract stores it ([latitude, longitude]),
 * or the sentence saying why it cannot be one (the boundary checks' own words are the server's, in English).
 */
export function boundaryFromGeoJson(text: string, t: Translate): { boundary: [number, number][] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: t('regions.notJson') };
  }
  const ring = firstOuterRing(value);
  if (
    !ring ||
    !ring.every(
      (pair) =>
        Array.isArray(pair) && pair.length >= 2 && pair.every((n) => typeof n === 'number' && Number.isFinite(n)),
    )
  ) {
    return { error: t('regions.noPolygon') };
  }
  const boundary = openRing(ring.map(([lng, lat]) => [lat, lng] as Vertex)).map(
    ([lat, lng]) => [lat, lng] as [number, number],
  );
  const problem = boundaryProblem(boundary, 'The boundary');
  return problem ? { error: `${problem}.` } : { boundary };
}
