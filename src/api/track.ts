// Replay of tourists' tracks (issue 34 points 2 and 7): GET /tourists/{id}/track and, for a group,
// GET /tracks?touristIds=a,b. Positions are the stored pings' times (the phone's, never later than the
// server received them), oldest first; stops, zone entries and exits and alerts come with them.
import { z } from 'zod';
import { idSchema, isoTime, MAX_ID_LENGTH } from './fields.ts';

/** The longest range one request replays. */
export const MAX_TRACK_RANGE_DAYS = 7;
/** Positions answered per tourist; past it the oldest are answered and `truncated` says so. */
export const MAX_TRACK_POINTS = 20_000;
/** Tourists one group replay holds. */
export const MAX_GROUP_TOURISTS = 20;
/** Without `from`, a replay starts this long before `to`. */
export const DEFAULT_TRACK_MINUTES = 60;

const rangeRules = <T extends { from?: string; to?: string }>(query: T, ctx: z.RefinementCtx) => {
  if (query.from === undefined || query.to === undefined) return;
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
  else if (span > MAX_TRACK_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `from must be at most ${MAX_TRACK_RANGE_DAYS} days before to`,
    });
  }
};

const range = { from: isoTime('from').optional(), to: isoTime('to').optional() };

export const TrackQuery = z.object(range).superRefine(rangeRules);
export type TrackQuery = z.infer<typeof TrackQuery>;

export const TracksQuery = z
  .object({
    touristIds: z
      .string({ error: 'touristIds is required (tourist ids separated by commas)' })
      .transform((text) => [
        ...new Set(
          text
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ])
      .pipe(
        z
          .array(z.string().max(MAX_ID_LENGTH, `touristIds must hold ids of at most ${MAX_ID_LENGTH} characters`))
          .min(1, 'touristIds must name at least one tourist')
          .max(MAX_GROUP_TOURISTS, `touristIds must name at most ${MAX_GROUP_TOURISTS} tourists`),
      ),
    ...range,
  })
  .superRefine(rangeRules);
export type TracksQuery = z.infer<typeof TracksQuery>;

export const TrackPoint = z.object({ latitude: z.number(), longitude: z.number(), at: z.string() });
export type TrackPoint = z.infer<typeof TrackPoint>;

export const TrackStop = z.object({
  startAt: z.string(),
  endAt: z.string(),
  durationS: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  pointCount: z.number(),
});

export const trackMarkKinds = ['zone_enter', 'zone_exit', 'alert'] as const;
export const TrackMark = z.object({
  at: z.string(),
  kind: z.enum(trackMarkKinds),
  /** A sentence for the slider's tick, in English: "Entered Police Bazar (red)", "Panic (high)". */
  label: z.string(),
  /** The zone's name (or id) on an entry or exit, and the alert's severity: the console words the mark itself. */
  zoneName: z.string().optional(),
  severity: z.string().optional(),
  geofenceId: z.string().optional(),
  riskLevel: z.string().optional(),
  incidentId: z.string().optional(),
  incidentType: z.string().optional(),
});
export type TrackMark = z.infer<typeof TrackMark>;

export const TrackSummary = z.object({
  pointCount: z.number(),
  durationS: z.number(),
  distanceM: z.number(),
  movingS: z.number(),
  stoppedS: z.number(),
});

export const TouristTrack = z.object({
  touristId: z.string(),
  points: z.array(TrackPoint),
  /** More than MAX_TRACK_POINTS positions in the range: only the oldest MAX_TRACK_POINTS are answered. */
  truncated: z.boolean(),
  stops: z.array(TrackStop),
  marks: z.array(TrackMark),
  summary: TrackSummary,
});
export type TouristTrack = z.infer<typeof TouristTrack>;

export const TrackResponse = z.object({ ok: z.literal(true), from: z.string(), to: z.string(), track: TouristTrack });
export type TrackResponse = z.infer<typeof TrackResponse>;
export const TracksResponse = z.object({
  ok: z.literal(true),
  from: z.string(),
  to: z.string(),
  tracks: z.array(TouristTrack),
});
export type TracksResponse = z.infer<typeof TracksResponse>;

/** The range a query names, `to` defaulting to now and `from` to DEFAULT_TRACK_MINUTES before `to`. */
export function resolvedRange(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = query.to === undefined ? now : new Date(query.to);
  const from =
    query.from === undefined ? new Date(to.getTime() - DEFAULT_TRACK_MINUTES * 60_000) : new Date(query.from);
  return { from: from.toISOString(), to: to.toISOString() };
}

export const touristIdSchema = idSchema('touristId');
