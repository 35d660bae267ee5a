// The Zones view's calls (issue 31): create (POST /geofences, as API.md has it), replace and delete with the
// version read (If-Match), import with a preview first, and the export's address. A stale version answers 409
// with the server's sentence and the zone as it now is: a ZoneConflict, so the editor can offer to load it.
import { ApiError } from './client.ts';
import type { Geofence } from './entities.ts';
import { buildUrl } from './urls.ts';
import {
  GeofenceConflictResponse,
  GeofenceDeleteResponse,
  GeofenceReplaceResponse,
  ZoneImportRefusal,
  ZoneImportResponse,
  type ZoneFileFormat,
} from './zones.ts';
import { z } from 'zod';

const UNEXPECTED_RESPONSE = 'Unexpected server response';

/** Someone saved the zone since it was read: their sentence ("… saved by dana at …") and their version. */
export class ZoneConflict extends ApiError {
  readonly current: Geofence;
  constructor(sentence: string, current: Geofence) {
    super(sentence, sentence, 409);
    this.name = 'ZoneConflict';
    this.current = current;
  }
}

/** An import the server refused as a whole (a bad file, a refused feature on apply), with its per-feature reasons. */
export class ZoneImportRefused extends ApiError {
  readonly preview: ZoneImportResponse | undefined;
  constructor(sentence: string, status: number, preview: ZoneImportResponse | undefined) {
    super(sentence, sentence, status);
    this.name = 'ZoneImportRefused';
    this.preview = preview;
  }
}

async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, init);
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

function failure(status: number, body: unknown): ApiError {
  const conflict = GeofenceConflictResponse.safeParse(body);
  if (status === 409 && conflict.success) return new ZoneConflict(conflict.data.error, conflict.data.geofence);
  const error = (body as { error?: unknown } | undefined)?.error;
  const sentence = typeof error === 'string' && error ? error : undefined;
  return new ApiError(sentence ?? UNEXPECTED_RESPONSE, sentence, status);
}

async function expect<T>(schema: z.ZodType<T>, path: string, init: RequestInit): Promise<T> {
  const { status, body } = await send(path, init);
  const answer = schema.safeParse(body);
  if (status < 300 && answer.success) return answer.data;
  throw failure(status, body);
}

const json = (method: string, payload: object, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(payload),
});

const GeofenceAnswer = z.object({
  ok: z.literal(true),
  geofence: z.custom<Geofence>((value) => typeof value === 'object' && value !== null),
});

export interface ZoneFields {
  name: string;
  riskLevel: Geofence['riskLevel'];
  regionId: string;
  polygon: [number, number][];
  meta: Record<string, unknown>;
}

/** A new zone: POST /geofences, which answers it with its id and first version. */
export const createZone = (zone: ZoneFields): Promise<Geofence> =>
  expect(GeofenceAnswer, '/geofences', json('POST', zone)).then((answer) => answer.geofence);

/** The zone replaced, if `version` is still the stored one (else a ZoneConflict). */
export const replaceZone = (id: string, version: number | undefined, zone: ZoneFields): Promise<Geofence> =>
  expect(GeofenceReplaceResponse, `/geofences/${encodeURIComponent(id)}`, json('PUT', zone, ifMatch(version))).then(
    (answer) => answer.geofence,
  );

export const deleteZone = (id: string, version: number | undefined): Promise<string> =>
  expect(GeofenceDeleteResponse, `/geofences/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: ifMatch(version),
  }).then((answer) => answer.deletedId);

const ifMatch = (version: number | undefined): Record<string, string> =>
  version === undefined ? {} : { 'if-match': String(version) };

export interface ZoneFile {
  name: string;
  format: ZoneFileFormat;
  content: string;
}

/** What importing the file would do (dryRun) or did: per feature new, change, unchanged or refused and why. */
export async function importZones(file: ZoneFile, dryRun: boolean): Promise<ZoneImportResponse> {
  const { status, body } = await send(
    '/geofences/import',
    json('POST', { format: file.format, content: file.content, dryRun }),
  );
  const answer = ZoneImportResponse.safeParse(body);
  if (status < 300 && answer.success) return answer.data;
  const refusal = ZoneImportRefusal.safeParse(body);
  if (refusal.success) {
    const { features, counts } = refusal.data;
    const preview = features && counts ? { ok: true as const, dryRun: true, counts, features } : undefined;
    throw new ZoneImportRefused(refusal.data.error, status, preview);
  }
  throw failure(status, body);
}

/** The download of a region's zones (or every region's: 'all') as GeoJSON or KML. */
export const zonesExportUrl = (regionId: string, format: ZoneFileFormat): string =>
  buildUrl('/geofences', { regionId: regionId === 'all' ? undefined : regionId, format });

/** The file's format by its name (or its first character when the name says nothing). */
export function zoneFileFormat(name: string, content: string): ZoneFileFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.kml')) return 'kml';
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson';
  const start = content.trimStart()[0];
  if (start === '{') return 'geojson';
  if (start === '<') return 'kml';
  return undefined;
}
