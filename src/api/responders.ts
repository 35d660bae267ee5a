// Responders (issue 34 points 3 and 4): each region's directory of units an admin keeps beside its contacts,
// the nearest units of an incident, and the dispatch record of the units sent to it.
import { z } from 'zod';
import { idSchema, phoneField } from './fields.ts';
import { MAX_NOTE_LENGTH } from './requests.ts';
import { Incident } from './entities.ts';
import { TimelineEntry } from './responses.ts';

export const unitKinds = ['police_station', 'ambulance', 'hospital', 'fire', 'rescue_team'] as const;
export const UnitKind = z.enum(unitKinds, { error: `kind must be one of ${unitKinds.join(', ')}` });
export type UnitKind = z.infer<typeof UnitKind>;

const position = z
  .tuple([z.number(), z.number()], { error: 'position must be [latitude, longitude]' })
  .refine(
    ([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180,
    'position must have latitude in [-90, 90] and longitude in [-180, 180]',
  );

/** What an admin writes: PUT /responders/units/:id; POST /regions/:id/units takes it without `regionId`. */
export const UnitBody = z.object({
  regionId: z
    .string({ error: 'regionId must be a string' })
    .min(1, 'regionId must not be empty')
    .max(64, 'regionId must be at most 64 characters'),
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters'),
  kind: UnitKind,
  /** Stored as E.164 without separators. */
  phone: phoneField('phone'),
  position,
  available: z.boolean({ error: 'available must be true or false' }).default(true),
});
export type UnitBody = z.infer<typeof UnitBody>;
export type UnitInput = z.input<typeof UnitBody>;

/** POST /regions/:id/units: the region is the path's. */
export const RegionUnitBody = UnitBody.omit({ regionId: true });
export type RegionUnitBody = z.infer<typeof RegionUnitBody>;

export const Unit = z.object({
  id: z.string(),
  regionId: z.string(),
  name: z.string(),
  kind: UnitKind,
  phone: z.string(),
  position: z.tuple([z.number(), z.number()]),
  available: z.boolean(),
  /** Seeded for a demonstration: not a real station's number. */
  demo: z.boolean(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof Unit>;

/** A unit as seen from an incident: straight-line distance, bearing from the incident, and a straight-line time. */
export const NearbyUnit = Unit.extend({
  distanceM: z.number(),
  bearingDeg: z.number(),
  /** N, NE, E, SE, S, SW, W, NW. */
  compass: z.string(),
  /** Distance over the kind's assumed speed: a straight line, not a route. */
  estimateS: z.number(),
});
export type NearbyUnit = z.infer<typeof NearbyUnit>;

export const dispatchStates = ['dispatched', 'on_scene', 'stood_down', 'handed_over'] as const;
export const DispatchState = z.enum(dispatchStates);
export type DispatchState = z.infer<typeof DispatchState>;
/** The steps after `dispatched`, as POST /incidents/dispatches/:dispatchId/status names them (`status`). */
export const dispatchSteps = ['on_scene', 'stood_down', 'handed_over'] as const;
export const DispatchStep = z.enum(dispatchSteps, { error: `status must be one of ${dispatchSteps.join(', ')}` });
export type DispatchStep = z.infer<typeof DispatchStep>;

export const Dispatch = z.object({
  id: z.string(),
  incidentId: z.string(),
  /** null: a unit typed by name, not in the directory. */
  unitId: z.string().nullable(),
  unitName: z.string(),
  unitKind: UnitKind.nullable(),
  state: DispatchState,
  dispatchedAt: z.string(),
  dispatchedBy: z.string(),
  onSceneAt: z.string().nullable(),
  /** When it was stood down or handed over. */
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type Dispatch = z.infer<typeof Dispatch>;

const note = z
  .string({ error: 'note must be a string' })
  .trim()
  .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`)
  .optional();

/** A unit from the directory (`unitId`) or one typed by name (`unitName`). */
export const DispatchBody = z
  .object({
    id: idSchema('id'),
    unitId: z
      .string({ error: 'unitId must be a string' })
      .min(1, 'unitId must not be empty')
      .max(128, 'unitId must be at most 128 characters')
      .optional(),
    unitName: z
      .string({ error: 'unitName must be a string' })
      .trim()
      .min(1, 'unitName must not be empty')
      .max(100, 'unitName must be at most 100 characters')
      .optional(),
    note,
  })
  .superRefine((body, ctx) => {
    if ((body.unitId === undefined) === (body.unitName === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['unitId'],
        message: 'send one of unitId (a unit of the directory) or unitName (a unit typed by name)',
      });
    }
  });
export type DispatchBody = z.infer<typeof DispatchBody>;

/** POST /incidents/dispatches/:dispatchId/status; the dispatch is the path's. */
export const DispatchStatusBody = z.object({ status: DispatchStep, note });
export type DispatchStatusBody = z.infer<typeof DispatchStatusBody>;
export const DispatchIdParam = idSchema('dispatchId');

export const UnitsResponse = z.object({ ok: z.literal(true), units: z.array(Unit) });
export const UnitResponse = z.object({ ok: z.literal(true), unit: Unit });
export const UnitDeletedResponse = z.object({ ok: z.literal(true), deleted: z.string() });
export const RespondersResponse = z.object({
  ok: z.literal(true),
  nearest: z.array(NearbyUnit),
  dispatches: z.array(Dispatch),
});
export const DispatchResponse = z.object({
  ok: z.literal(true),
  dispatch: Dispatch,
  incident: Incident,
  entry: TimelineEntry,
});
