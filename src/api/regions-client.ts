// The Regions view's requests (issue 31): one region read fresh (before an edit, and for the incident drawer's
// contacts), and its create or replace.
import { z } from 'zod';
import { fetchRegions, parsed } from './client.ts';
import { Region } from './entities.ts';
import type { RegionCreateBody } from './regions.ts';
import { UnitDeletedResponse, UnitResponse, UnitsResponse, type Unit, type UnitInput } from './responders.ts';

const RegionAnswer = z.object({ ok: z.literal(true), region: Region });

/** What the form sends: the body of POST /regions (PUT sends it without the id). */
export type RegionInput = z.input<typeof RegionCreateBody>;

const json = (method: 'POST' | 'PUT', payload: object): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

/** The region as stored now (with its contacts), or undefined when there is none with this id. */
export const fetchRegion = (id: string): Promise<Region | undefined> =>
  fetchRegions().then((regions) => regions.find((region) => region.id === id));

export async function createRegion(input: RegionCreateBody | RegionInput): Promise<Region> {
  return (await parsed(RegionAnswer, '/regions', json('POST', input))).region;
}

export async function replaceRegion(input: RegionCreateBody | RegionInput): Promise<Region> {
  const { id, ...fields } = input;
  return (await parsed(RegionAnswer, `/regions/${encodeURIComponent(id)}`, json('PUT', fields))).region;
}

/** A region's responder units (issue 34), by name. */
export const fetchUnits = (regionId: string): Promise<Unit[]> =>
  parsed(UnitsResponse, `/regions/${encodeURIComponent(regionId)}/units`).then((answer) => answer.units);

export function createUnit(input: UnitInput): Promise<Unit> {
  const { regionId, ...fields } = input;
  return parsed(UnitResponse, `/regions/${encodeURIComponent(regionId)}/units`, json('POST', fields)).then(
    (answer) => answer.unit,
  );
}

export const replaceUnit = (id: string, input: UnitInput): Promise<Unit> =>
  parsed(UnitResponse, `/responders/units/${encodeURIComponent(id)}`, json('PUT', input)).then((answer) => answer.unit);

export const deleteUnit = (id: string): Promise<unknown> =>
  parsed(UnitDeletedResponse, `/responders/units/${encodeURIComponent(id)}`, { method: 'DELETE' });
