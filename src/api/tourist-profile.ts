// A tourist's profile (issue 34 point 1): what registration takes beyond API.md's fields, what the Digital ID
// carries, and what GET /tourists/{id} answers. An identity document is held only as its type and last 4
// characters: a whole Aadhaar or passport number is refused, never stored.
import { z } from 'zod';
import { Incident } from './entities.ts';
import { optionalId } from './fields.ts';

export const MAX_CONTACTS = 10;
export const MAX_ITINERARY_STOPS = 50;
export const MAX_LANGUAGES = 20;
/** Alert history entries a profile answers (newest first); `alertCount` says how many there are in all. */
export const PROFILE_ALERTS_LIMIT = 50;
/** The newest trail points a profile answers as sent; before them, one point per 5 minutes of the last 24 hours. */
export const PROFILE_TRAIL_RECENT = 100;

export const idTypes = ['aadhaar', 'passport', 'voter_id', 'driving_licence', 'other'] as const;

/** Field names a phone app might use for a whole document number: refused by name, whatever they hold. */
export const WHOLE_ID_FIELDS = ['idNumber', 'aadhaar', 'aadhaarNumber', 'passportNumber', 'documentNumber', 'idDocumentNumber', 'kycNumber'] as const;

/** 12 digits, with or without the usual spaces or dashes: the shape of a whole Aadhaar number. */
const WHOLE_AADHAAR = /\d{4}[\s-]?\d{4}[\s-]?\d{4}/;

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !WHOLE_AADHAAR.test(value), `${field} must not hold an identity number (send only idType and idLast4)`);

/** E.164: a plus, a country code and at most 15 digits in all. */
export const phoneSchema = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(/^\+[1-9]\d{6,14}$/, `${field} must be an E.164 phone number (a plus, the country code and the number, digits only, e.g. +919876543210)`);

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date as YYYY-MM-DD` });

export const EmergencyContact = z.object(
  { name: text('name', 200), relation: text('relation', 64).optional(), phone: phoneSchema('phone') },
  { error: 'each emergency contact must be an object {name, relation, phone}' },
);
export type EmergencyContact = z.infer<typeof EmergencyContact>;

export const ItineraryStop = z.object(
  { place: text('place', 200), from: isoDate('from'), to: isoDate('to') },
  { error: 'each itinerary stop must be an object {place, from, to}' },
);
export type ItineraryStop = z.infer<typeof ItineraryStop>;

export const EmergencyContacts = z
  .array(EmergencyContact, { error: 'emergencyContacts must be a list of {name, relation, phone}' })
  .max(MAX_CONTACTS, `emergencyContacts must hold at most ${MAX_CONTACTS} contacts`);

/** Each stop ends on or after it starts, and each starts on or after the one before: dates in order. */
export const Itinerary = z
  .array(ItineraryStop, { error: 'itinerary must be a list of {place, from, to}' })
  .max(MAX_ITINERARY_STOPS, `itinerary must hold at most ${MAX_ITINERARY_STOPS} stops`)
  .superRefine((stops, ctx) => {
    stops.forEach((stop, index) => {
      if (stop.to < stop.from) ctx.addIssue({ code: 'custom', path: [index, 'to'], message: `itinerary.${index}.to must not be before itinerary.${index}.from` });
      const previous = stops[index - 1];
      if (previous && stop.from < previous.from) {
        ctx.addIssue({ code: 'custom', path: [index, 'from'], message: `itinerary.${index}.from must not be before itinerary.${index - 1}.from (stops in date order)` });
      }
    });
  });

const idLast4 = z
  .string({ error: 'idLast4 must be a string' })
  .refine((value) => value.replace(/[\s-]/g, '').length <= 4, {
    message: 'idLast4 must hold only the last 4 characters of the identity document, never the whole number',
  })
  .refine((value) => /^[A-Za-z0-9]{4}$/.test(value), 'idLast4 must be exactly 4 letters or digits');

/** The profile fields registration takes besides API.md's touristId and name (all optional). */
export const profileFields = {
  // API.md's name keeps its old rule (an empty name was accepted); only an identity number in it is new.
  name: z
    .string({ error: 'name must be a string' })
    .max(200, 'name must be at most 200 characters')
    .refine((value) => !WHOLE_AADHAAR.test(value), 'name must not hold an identity number (send only idType and idLast4)')
    .optional(),
  phone: phoneSchema('phone').optional(),
  nationality: text('nationality', 64).optional(),
  languages: z
    .array(text('languages', 64), { error: 'languages must be a list of language names' })
    .max(MAX_LANGUAGES, `languages must hold at most ${MAX_LANGUAGES} languages`)
    .optional(),
  idType: z.enum(idTypes, { error: `idType must be one of ${idTypes.join(', ')}` }).optional(),
  idLast4: idLast4.optional(),
  emergencyContacts: EmergencyContacts.optional(),
  itinerary: Itinerary.optional(),
};

/** API.md's registration plus the profile; a whole identity number, under any of its usual names, is refused. */
export const TouristRegisterBody = z
  .object({ touristId: optionalId('touristId'), ...profileFields })
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    for (const field of WHOLE_ID_FIELDS) {
      if (body[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} is refused: send only idType and idLast4 (the last 4 characters), never a whole identity number` });
      }
    }
    if (body.idLast4 !== undefined && body.idType === undefined) ctx.addIssue({ code: 'custom', path: ['idType'], message: 'idType is required with idLast4' });
  })
  .transform(({ touristId, name, phone, nationality, languages, idType, idLast4: last4, emergencyContacts, itinerary }) => ({
    touristId, name, phone, nationality, languages, idType, idLast4: last4, emergencyContacts, itinerary,
  }));
export type TouristRegisterBody = z.infer<typeof TouristRegisterBody>;
export type TouristProfileInput = Omit<TouristRegisterBody, 'touristId'>;

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
  /** The Digital IDs a supervisor bound to this tourist (current ones first). */
  verification: z.object({
    verified: z.boolean(),
    bindings: z.array(z.object({ didId: z.string(), boundBy: z.string(), boundAt: z.string(), unboundAt: z.string().nullable() })),
  }),
  devices: z.array(z.object({ id: z.string(), bleAddress: z.string().nullable(), pairedAt: z.string(), lastReport: Position.nullable() })),
  position: Position.extend({ regionId: z.string().nullable() }).nullable(),
  zones: z.array(z.object({ id: z.string(), name: z.string().nullable(), riskLevel: z.string(), enteredAt: z.string() })),
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
  pings: z.array(z.object({ latitude: z.number(), longitude: z.number(), at: z.string(), deviceId: z.string().nullable() })),
  lastPositions: z.array(StoredRow),
  incidents: z.array(Incident),
  alerts: z.array(StoredRow),
  deviceEvents: z.array(StoredRow),
  didBindings: z.array(StoredRow),
  didUses: z.array(StoredRow),
  watchPause: StoredRow.nullable(),
  auditEntries: z.array(StoredRow),
});
