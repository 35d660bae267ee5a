// The watch (issue 32): per-region rule settings, a zone's override in its `meta.watch`, and pauses of one
// tourist. Every value is checked with a sentence naming its field.
import { z } from 'zod';
import { isoTime } from './fields.ts';

const DAY_S = 24 * 3600;

const seconds = (field: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number of seconds`),
    })
    .int(`${field} must be a whole number of seconds`)
    .min(60, `${field} must be at least 60 seconds`)
    .max(DAY_S, `${field} must be at most ${DAY_S} seconds (a day)`);

const bounded = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .min(min, `${field} must be between ${min} and ${max} ${unit}`)
    .max(max, `${field} must be between ${min} and ${max} ${unit}`);

export const VitalsBounds = z.object({
  heartRateMin: bounded('vitals.heartRateMin', 20, 120, 'beats per minute'),
  heartRateMax: bounded('vitals.heartRateMax', 80, 250, 'beats per minute'),
  spo2Min: bounded('vitals.spo2Min', 50, 99, 'per cent'),
});

export const WatchSettings = z.object({
  silentAfterS: seconds('silentAfterS'),
  silentInRedAfterS: seconds('silentInRedAfterS'),
  silentAtNightAfterS: seconds('silentAtNightAfterS'),
  strandedAfterS: seconds('strandedAfterS'),
  strandedInYellowAfterS: seconds('strandedInYellowAfterS'),
  strandedRadiusM: bounded('strandedRadiusM', 10, 1000, 'metres'),
  vitals: VitalsBounds,
  /** The limits are shortened for a demonstration (`npm start -- --demo`): incidents raised under them say so. */
  demoLimits: z.boolean({ error: 'demoLimits must be true or false' }).optional(),
});
export type WatchSettings = z.infer<typeof WatchSettings>;

const objectBody = (what: string) => ({ error: `${what} must be a JSON object` });

/** A partial change: only the values it names change. The server refuses unknown fields (`unknownWatchFields`). */
export const WatchSettingsPatch = z.object(
  {
    silentAfterS: WatchSettings.shape.silentAfterS.optional(),
    silentInRedAfterS: WatchSettings.shape.silentInRedAfterS.optional(),
    silentAtNightAfterS: WatchSettings.shape.silentAtNightAfterS.optional(),
    strandedAfterS: WatchSettings.shape.strandedAfterS.optional(),
    strandedInYellowAfterS: WatchSettings.shape.strandedInYellowAfterS.optional(),
    strandedRadiusM: WatchSettings.shape.strandedRadiusM.optional(),
    vitals: z.object(VitalsBounds.partial().shape, objectBody('vitals')).optional(),
    demoLimits: WatchSettings.shape.demoLimits,
  },
  objectBody('The body'),
);
export type WatchSettingsPatch = z.infer<typeof WatchSettingsPatch>;

/** Fields of a settings body that are no setting (a typo must not pass for a change): e.g. `silentAfter`, `vitals.hr`. */
export function unknownWatchFields(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const top = Object.keys(body).filter((key) => !(key in WatchSettingsPatch.shape));
  const vitals = (body as { vitals?: unknown }).vitals;
  const inVitals =
    typeof vitals === 'object' && vitals !== null
      ? Object.keys(vitals)
          .filter((key) => !(key in VitalsBounds.shape))
          .map((key) => `vitals.${key}`)
      : [];
  return [...top, ...inVitals];
}

/** What a zone's `meta.watch` may override (read leniently: a malformed value is ignored, never fatal). */
export const ZoneWatchOverride = WatchSettingsPatch;
export type ZoneWatchOverride = WatchSettingsPatch;

export const WatchSettingsResponse = z.object({ ok: z.literal(true), regionId: z.string(), settings: WatchSettings });

export const WatchPauseBody = z.object(
  {
    until: isoTime('until'),
    reason: z
      .string({ error: (issue) => (issue.input === undefined ? 'reason is required' : 'reason must be a string') })
      .trim()
      .min(1, 'reason must not be empty')
      .max(500, 'reason must be at most 500 characters'),
  },
  objectBody('The body'),
);
export type WatchPauseBody = z.infer<typeof WatchPauseBody>;

export const WatchPause = z.object({
  touristId: z.string(),
  until: z.string(),
  reason: z.string(),
  by: z.string(),
  createdAt: z.string(),
});
export type WatchPause = z.infer<typeof WatchPause>;
export const WatchPauseResponse = z.object({ ok: z.literal(true), pause: WatchPause });
/** A tourist's running pause, or null: none was set, it was lifted, or its `until` has passed. */
export const WatchPauseStateResponse = z.object({
  ok: z.literal(true),
  touristId: z.string(),
  pause: WatchPause.nullable(),
});
export const WatchResumeResponse = z.object({ ok: z.literal(true), touristId: z.string(), resumed: z.boolean() });
