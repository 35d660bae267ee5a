// A tourist's profile (issue 34 point 1): what registration takes beyond API.md's fields, what the Digital ID
// carries, and what GET /tourists/{id} answers. An identity document is held only as its type and last 4
// characters: a whole Aadhaar or passport number is accepted and cut to those (src/domain/identity-number.ts).
import { z } from 'zod';
import {
  holdsMoreThanLastFour,
  keptOnlyNotice,
  lastFourOf,
  WHOLE_ID_FIELDS,
  wholeIdFields,
  withoutAadhaarNumbers,
  type WholeIdField,
} from '../domain/identity-number.ts';
import { Incident } from './entities.ts';
import { optionalId, personText, phoneFieldOrBlank } from './fields.ts';
import { EmergencyContact, ItineraryStop, tripFields, tripOf } from './trip.ts';

export const MAX_LANGUAGES = 20;
/** Alert history entries a profile answers (newest first); `alertCount` says how many there are in all. */
export const PROFILE_ALERTS_LIMIT = 50;
/** The newest trail points a profile answers as sent; before them, one point per 5 minutes of the last 24 hours. */
export const PROFILE_TRAIL_RECENT = 100;

export const idTypes = ['aadhaar', 'passport', 'voter_id', 'driving_licence', 'other'] as const;
export type IdType = (typeof idTypes)[number];

/** What was kept of an identity document: its type and last 4 characters (null when it had fewer). */
export const Identity = z.object({ type: z.enum(idTypes), last4: z.string().nullable() });
export type Identity = z.infer<typeof Identity>;

/** The last 4 of a document; more (a whole number sent as idLast4) is cut to them, and `whole` says so. */
const idLast4 = z.string({ error: 'idLast4 must be a string' }).transform((value, ctx) => {
  const last4 = lastFourOf(value);
  if (last4 === null) {
    ctx.addIssue({ code: 'custom', message: 'idLast4 must be the last 4 letters or digits of the identity document' });
    return z.NEVER;
  }
  return { last4, whole: holdsMoreThanLastFour(value) };
});

/** A whole document number: accepted as text or digits, never kept (only its last 4, by the body's transform). */
const wholeIdNumber = (field: string) =>
  z
    .union([z.string(), z.number()], {
      error: `${field} must be the document number as text (only its type and last 4 characters are kept)`,
    })
    .transform(String)
    .optional();

/** The profile fields registration takes besides API.md's touristId and name (all optional). */
export const profileFields = {
  // API.md's name keeps its old rule (an empty name was accepted).
  name: z
    .string({ error: 'name must be a string' })
    .max(200, 'name must be at most 200 characters')
    .transform(withoutAadhaarNumbers)
    .optional(),
  phone: phoneFieldOrBlank('phone').optional(),
  nationality: personText('nationality', 64).optional(),
  languages: z
    .array(personText('languages', 64), { error: 'languages must be a list of language names' })
    .max(MAX_LANGUAGES, `languages must hold at most ${MAX_LANGUAGES} languages`)
    .optional(),
  idType: z.enum(idTypes, { error: `idType must be one of ${idTypes.join(', ')}` }).optional(),
  idLast4: idLast4.optional(),
  ...tripFields,
};

const wholeNumberFields = Object.fromEntries(wholeIdFields.map((field) => [field, wholeIdNumber(field)])) as Record<
  WholeIdField,
  ReturnType<typeof wholeIdNumber>
>;

type WholeNumbers = Partial<Record<WholeIdField, string>>;

/**
 * The document a body names: a whole number (the first field that holds one) gives the type its field names and
 * its own last 4; else idType with idLast4. `whole` says a whole number was sent, so the answer says what was kept.
 */
function identityOf(body: WholeNumbers & { idType?: IdType; idLast4?: { last4: string; whole: boolean } }): {
  identity?: Identity;
  whole: boolean;
} {
  const field = wholeIdFields.find((name) => body[name] !== undefined && body[name] !== '');
  if (field !== undefined) {
    return {
      identity: { type: WHOLE_ID_FIELDS[field] ?? body.idType ?? 'other', last4: lastFourOf(body[field]!) },
      whole: true,
    };
  }
  if (body.idType === undefined) return { whole: false };
  return { identity: { type: body.idType, last4: body.idLast4?.last4 ?? null }, whole: body.idLast4?.whole ?? false };
}

/**
 * API.md's registration plus the profile. A whole identity number, under any of its usual names or in idLast4,
 * is cut to its type and last 4 here: nothing after this parse holds it (issue 46).
 */
export const TouristRegisterBody = z
  .object({ touristId: optionalId('touristId'), ...profileFields, ...wholeNumberFields })
  .superRefine((body, ctx) => {
    if (body.idLast4 !== undefined && identityOf(body).identity === undefined)
      ctx.addIssue({ code: 'custom', path: ['idType'], message: 'idType is required with idLast4' });
  })
  .transform((body) => {
    const { touristId, name, phone, nationality, languages, itinerary, emergencyContacts } = body;
    const { identity, whole } = identityOf(body);
    return {
      touristId,
      name,
      phone,
      nationality,
      languages,
      idType: identity?.type,
      idLast4: identity?.last4 ?? undefined,
      ...tripOf({ itinerary, emergencyContacts }),
      identity,
      notice: whole && identity ? keptOnlyNotice(identity.type, identity.last4) : undefined,
    };
  });
export type TouristRegisterBody = z.infer<typeof TouristRegisterBody>;
export type TouristProfileInput = Omit<TouristRegisterBody, 'touristId' | 'identity' | 'notice'>;

/** POST /tourists/register: `identity` and `notice` say what was kept of an identity document sent with it. */
export const TouristRegisterResponse = z.object({
  ok: z.literal(true),
  touristId: z.string(),
  identity: Identity.optional(),
  notice: z.string().optional(),
});

const Position = z.object({ latitude: z.number(), longitude: z.number(), at: z.string() });

export const TouristProfile = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** False for a tourist seen only through devices, pings or incidents (the demo's simulated tourists, a phone
   * that never registered): the profile is then what is known of it, and every registration field is empty. */
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  phone: z.string().nullable(),
  nationality: z.string().nullable(),
  languages: z.array(z.string()),
  idType: z.enum(idTypes).nullable(),
  idLast4: z.string().nullable(),
  emergencyContacts: z.array(EmergencyContact),
  itinerary: z.array(ItineraryStop),
  /** Issue 46: the trip as free text and contacts as bare phone numbers, as the reference phone app sends them. */
  itineraryNote: z.string().nullable(),
  emergencyPhones: z.array(z.string()),
  /** The Digital IDs a supervisor bound to this tourist (current ones first). */
  verification: z.object({
    verified: z.boolean(),
    bindings: z.array(
      z.object({ didId: z.string(), boundBy: z.string(), boundAt: z.string(), unboundAt: z.string().nullable() }),
    ),
  }),
  devices: z.array(
    z.object({
      id: z.string(),
      bleAddress: z.string().nullable(),
      pairedAt: z.string(),
      lastReport: Position.nullable(),
    }),
  ),
  position: Position.extend({ regionId: z.string().nullable() }).nullable(),
  zones: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), riskLevel: z.string(), enteredAt: z.string() }),
  ),
  watchPause: z.object({ until: z.string(), reason: z.string(), pausedBy: z.string(), at: z.string() }).nullable(),
  alerts: z.array(Incident),
  alertCount: z.number(),
  /** The last 24 hours' positions, oldest first: the newest PROFILE_TRAIL_RECENT, before them one per 5 minutes (≤ 388). */
  trail: z.array(Position),
});
export type TouristProfile = z.infer<typeof TouristProfile>;

export const TouristProfileResponse = z.object({ ok: z.literal(true), profile: TouristProfile });
export const TouristEraseResponse = z.object({
  ok: z.literal(true),
  /** The id the tourist's incidents now carry instead. */
  anonymousId: z.string(),
  incidents: z.number(),
  pings: z.number(),
  devices: z.number(),
});

const StoredRow = z.record(z.string(), z.unknown());
/** GET /tourists/{id}/export: every row held about the tourist, as the store keeps it. */
export const TouristExportResponse = z.object({
  ok: z.literal(true),
  touristId: z.string(),
  exportedAt: z.string(),
  tourist: StoredRow,
  devices: z.array(StoredRow),
  pings: z.array(
    z.object({ latitude: z.number(), longitude: z.number(), at: z.string(), deviceId: z.string().nullable() }),
  ),
  lastPositions: z.array(StoredRow),
  incidents: z.array(Incident),
  alerts: z.array(StoredRow),
  deviceEvents: z.array(StoredRow),
  didBindings: z.array(StoredRow),
  didUses: z.array(StoredRow),
  watchPause: StoredRow.nullable(),
  auditEntries: z.array(StoredRow),
});
