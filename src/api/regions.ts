// Regions beyond API.md (issue 31): what POST /regions and PUT /regions/:id take, and the fields a region
// carries beyond `{id, name, center, timeZone, contacts[{label, phone}]}` (home view, boundary, contact
// kinds and stations). The phone app reads `label` and `phone`, so every contact keeps both.
import { z } from 'zod';
import { isIanaTimeZone } from '../domain/time-zone.ts';

/** `emergency` (112) beside the six services of issue 31: the one number every region lists first. */
export const contactKinds = [
  'emergency',
  'police',
  'ambulance',
  'fire',
  'disaster',
  'womens_helpline',
  'tourism',
] as const;
export const ContactKind = z.enum(contactKinds, { error: `kind must be one of ${contactKinds.join(', ')}` });
export type ContactKind = z.infer<typeof ContactKind>;

const inRange = ([lat, lng]: readonly [number, number]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** A position as the contract writes polygons: [latitude, longitude]; `field` names it in the sentences. */
const latLngPair = (field: string) =>
  z
    .tuple([z.number(), z.number()], { error: `${field} must be [latitude, longitude]` })
    .refine(inRange, `${field} must have latitude in [-90, 90] and longitude in [-180, 180]`);

export const RegionContact = z.object({
  label: z
    .string({ error: 'label must be a string' })
    .trim()
    .min(1, 'label must not be empty')
    .max(80, 'label must be at most 80 characters'),
  phone: z
    .string({ error: 'phone must be a string' })
    .trim()
    .regex(
      /^\+?[0-9][0-9 ()-]{1,23}$/,
      'phone must be digits, with an optional leading + and spaces, dashes or brackets',
    ),
  kind: ContactKind,
  /** Where the station is (a police post, a hospital), when the contact is one. */
  position: latLngPair('position').optional(),
});
export type RegionContact = z.infer<typeof RegionContact>;

/** Where the dashboard's map starts for the region. */
export const HomeView = z.object({
  center: latLngPair('center'),
  zoom: z
    .number({ error: 'zoom must be a number' })
    .min(0, 'zoom must be between 0 and 22')
    .max(22, 'zoom must be between 0 and 22'),
});
export type HomeView = z.infer<typeof HomeView>;

/** [[lat, lng], ...]; geometry (distinct points, crossing) is checked by src/domain/boundary-checks.ts. */
export const RegionBoundary = z
  .array(z.tuple([z.number(), z.number()]), { error: 'boundary must be a list of [latitude, longitude] points' })
  .superRefine((points, context) => {
    const outside = points.findIndex((point) => !inRange(point));
    if (outside >= 0)
      context.addIssue({
        code: 'custom',
        message: `boundary.${outside} must have latitude in [-90, 90] and longitude in [-180, 180]`,
      });
  });

const TimeZoneName = z
  .string({ error: 'timeZone must be a string' })
  .refine(isIanaTimeZone, 'timeZone must be an IANA time zone name such as Asia/Kolkata');

const regionFields = {
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters'),
  timeZone: TimeZoneName,
  /** Absent: a new region's is taken from its boundary (src/domain/region-home-view.ts); an edited one keeps its own. */
  homeView: HomeView.optional(),
  /** null: no boundary (the region gets panics only through its zones). */
  boundary: RegionBoundary.nullable().default(null),
  contacts: z
    .array(RegionContact, { error: 'contacts must be a list' })
    .max(50, 'contacts must have at most 50 entries')
    .default([]),
};

export const RegionCreateBody = z.object({
  id: z
    .string({ error: 'id must be a string' })
    .regex(
      /^[a-z0-9][a-z0-9_-]{0,63}$/,
      'id must be 1 to 64 lowercase letters, digits, - or _, starting with a letter or digit',
    ),
  ...regionFields,
});
export type RegionCreateBody = z.infer<typeof RegionCreateBody>;

/** PUT replaces every field but the id (the URL's), and the home view when it is sent. */
export const RegionUpdateBody = z.object(regionFields);
export type RegionUpdateBody = z.infer<typeof RegionUpdateBody>;

/** A region as it is stored: every field, the home view decided. */
export type RegionRecord = RegionCreateBody & { homeView: HomeView };

/** Region bodies may carry a boundary of 2,000 vertices: more than the general 64 KiB. */
export const REGION_BODY_LIMIT = 256 * 1024;
