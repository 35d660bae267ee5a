// A tourist's trip: whom to call and where they go, as registration and the Digital ID take them (issue 34).
// Structured forms ({name, relation, phone}; {place, from, to}) and the forms the reference phone app sends
// (issue 46: its contacts as phone strings, its itinerary as free text) are both accepted; the second are
// kept as such beside the first: `emergencyPhones` and `itineraryNote`.
import { z } from 'zod';
import { withoutAadhaarNumbers } from '../domain/identity-number.ts';
import { normalisePhone, PHONE_RULE } from '../domain/phone-number.ts';
import { personText, phoneField } from './fields.ts';

export const MAX_CONTACTS = 10;
export const MAX_ITINERARY_STOPS = 50;
export const MAX_ITINERARY_NOTE = 2000;

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date as YYYY-MM-DD` });

export const EmergencyContact = z.object(
  { name: personText('name', 200), relation: personText('relation', 64).optional(), phone: phoneField('phone') },
  { error: 'each emergency contact must be an object {name, relation, phone}' },
);
export type EmergencyContact = z.infer<typeof EmergencyContact>;

export const ItineraryStop = z.object(
  { place: personText('place', 200), from: isoDate('from'), to: isoDate('to') },
  { error: 'each itinerary stop must be an object {place, from, to}' },
);
export type ItineraryStop = z.infer<typeof ItineraryStop>;

/** Each stop ends on or after it starts, and each starts on or after the one before: dates in order. */
export const Itinerary = z
  .array(ItineraryStop, { error: 'itinerary must be a list of {place, from, to}' })
  .max(MAX_ITINERARY_STOPS, `itinerary must hold at most ${MAX_ITINERARY_STOPS} stops`)
  .superRefine((stops, ctx) => {
    stops.forEach((stop, index) => {
      if (stop.to < stop.from)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'to'],
          message: `itinerary.${index}.to must not be before itinerary.${index}.from`,
        });
      const previous = stops[index - 1];
      if (previous && stop.from < previous.from) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'from'],
          message: `itinerary.${index}.from must not be before itinerary.${index - 1}.from (stops in date order)`,
        });
      }
    });
  });

const ItineraryNote = z
  .string()
  .trim()
  .max(MAX_ITINERARY_NOTE, `itinerary must be at most ${MAX_ITINERARY_NOTE} characters`)
  .transform(withoutAadhaarNumbers);

/** The trip as stops or as free text ("Guwahati → Shillong → Cherrapunji"); null or empty text: none given. */
const ItineraryInput = z
  .union([Itinerary, ItineraryNote], { error: 'itinerary must be text or a list of {place, from, to}' })
  .nullish()
  .transform((given) =>
    typeof given === 'string' ? { itineraryNote: given || undefined } : { itinerary: given ?? undefined },
  );

/** A list of {name, relation, phone}, of phone strings ("+91-9876500001"), or both; null: none given. */
const EmergencyContactsInput = z
  .array(
    z.union([EmergencyContact, z.string()], {
      error: 'each emergency contact must be a phone number or an object {name, relation, phone}',
    }),
    {
      error: 'emergencyContacts must be a list of phone numbers or of {name, relation, phone}',
    },
  )
  .max(MAX_CONTACTS, `emergencyContacts must hold at most ${MAX_CONTACTS} contacts`)
  .nullish()
  .transform((entries, ctx) => {
    if (entries == null) return {};
    const emergencyContacts: EmergencyContact[] = [];
    const emergencyPhones: string[] = [];
    entries.forEach((entry, index) => {
      if (typeof entry !== 'string') emergencyContacts.push(entry);
      else if (entry.trim() === '') return;
      else if (normalisePhone(entry) === undefined)
        ctx.addIssue({ code: 'custom', path: [index], message: `emergencyContacts.${index} must be ${PHONE_RULE}` });
      else emergencyPhones.push(normalisePhone(entry)!);
    });
    return { emergencyContacts, emergencyPhones };
  });

/** The trip fields of a body: spread into a z.object, then `tripOf` gives what to store or sign. */
export const tripFields = { itinerary: ItineraryInput, emergencyContacts: EmergencyContactsInput };

export interface Trip {
  itinerary?: ItineraryStop[];
  itineraryNote?: string;
  emergencyContacts?: EmergencyContact[];
  emergencyPhones?: string[];
}

type ParsedTrip = { [Field in keyof typeof tripFields]: z.output<(typeof tripFields)[Field]> };

export const tripOf = ({ itinerary, emergencyContacts }: ParsedTrip): Trip => ({ ...itinerary, ...emergencyContacts });
