// A panic with valid coordinates is never refused for anything else: an odd optional field is repaired
// or dropped (and named in meta.repaired), never the reason a tourist's alert is lost.
import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from '../../src/api/fields.ts';
import { PanicAlertBody } from '../../src/api/requests.ts';
import { badRequest } from '../http/errors.ts';

export interface PanicRequest {
  latitude: number;
  longitude: number;
  touristId: string | null;
  deviceId: string | null;
  /** The phone's own time, when it sent a usable one. */
  reportedAt: string | null;
  /** Optional fields that were malformed and repaired or dropped. */
  repaired: string[];
}

const Coordinates = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
const optionalFields = PanicAlertBody.pick({ touristId: true, deviceId: true, at: true }).shape;
type OptionalField = keyof typeof optionalFields;

const LONE_SURROGATE = /\p{Cs}/gu;

/** Text PostgreSQL can store: lone surrogates (which JSON.parse accepts) and NUL become U+FFFD. */
export function repairText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field's value when its schema accepts it (after repairing its text), else undefined; notes what it did. */
function lenientField(raw: Record<string, unknown>, field: OptionalField, repaired: string[]): unknown {
  const original = raw[field];
  if (original === undefined) return undefined;
  const value = typeof original === 'string' ? repairText(original) : original;
  const parsed = optionalFields[field].safeParse(value);
  if (!parsed.success) {
    repaired.push(field);
    return undefined;
  }
  if (value !== original) repaired.push(field);
  return parsed.data;
}

/** Parses a panic body: 400 only for missing or invalid coordinates. */
export function parsePanicRequest(raw: unknown): PanicRequest {
  const coordinates = Coordinates.safeParse(isObject(raw) ? raw : undefined);
  if (!coordinates.success) throw badRequest('body', coordinates.error);
  const fields = raw as Record<string, unknown>;
  const repaired: string[] = [];
  const touristId = lenientField(fields, 'touristId', repaired) as string | null | undefined;
  const deviceId = lenientField(fields, 'deviceId', repaired) as string | null | undefined;
  const at = lenientField(fields, 'at', repaired) as string | undefined;
  return {
    ...coordinates.data,
    touristId: touristId ?? null,
    deviceId: deviceId ?? null,
    reportedAt: at === undefined ? null : new Date(at).toISOString(),
    repaired,
  };
}
