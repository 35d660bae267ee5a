// Replay (issue 34 points 2, 7 and 8): one tourist's track within a range, or a group's, with its stops, its
// zone entries and exits and its alerts as marks, and its summary. Viewers read them, as they read
// /gps/history; each read is audited, as a read of a tourist's movements.
import type { FastifyInstance } from 'fastify';
import {
  MAX_TRACK_POINTS,
  resolvedRange,
  TrackQuery,
  TrackResponse,
  TracksQuery,
  TracksResponse,
  touristIdSchema,
  type TouristTrack,
} from '../../src/api/track.ts';
import { detectStops, summariseTrack } from '../../src/domain/track-summary.ts';
import type { AppContext } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { readTrackMarks, readTrackPoints, touristKnown } from '../stores/tracks.ts';
import { serverClock } from '../domain/server-clock.ts';

const unknownTourist = (id: string) =>
  `No tourist has id "${id}": it never registered, and nothing was stored under its id.`;

/** The range, `from` checked against a `to` that defaulted to now (the schema checks two given times). */
function rangeOf(query: { from?: string; to?: string }): { from: string; to: string } {
  const range = resolvedRange(query, serverClock.now());
  if (Date.parse(range.from) >= Date.parse(range.to)) {
    const message = 'from must be before to (which is now when not given)';
    throw new HttpError(400, `Invalid request query: ${message}.`, [{ path: 'from', message }]);
  }
  return range;
}

async function trackOf(db: Sql, touristId: string, from: string, to: string): Promise<TouristTrack> {
  const { points, truncated } = await readTrackPoints(db, touristId, from, to, MAX_TRACK_POINTS);
  const marks = await readTrackMarks(db, touristId, from, to);
  return { touristId, points, truncated, stops: detectStops(points), marks, summary: summariseTrack(points) };
}

export async function trackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/tourists/:id/track',
      tags: ['gps'],
      query: TrackQuery,
      response: TrackResponse,
      summary:
        `A tourist's positions from \`from\` to \`to\` (default: the hour before now), oldest first, with its stops (5 min or more within 50 m), ` +
        `zone entries and exits and alerts as marks, and distance, moving and stopped time; at most ${MAX_TRACK_POINTS} positions (\`truncated\` past that), ranges up to 7 days`,
    },
    async ({ query, request }) => {
      const raw = String((request.params as { id?: unknown }).id ?? '');
      const id = touristIdSchema.safeParse(raw);
      const { from, to } = rangeOf(query);
      if (!id.success || !(await touristKnown(ctx.db, id.data))) throw notFound(unknownTourist(raw));
      const track = await trackOf(ctx.db, id.data, from, to);
      await ctx.write((tx) =>
        appendAudit(tx, {
          ...whoActs(request),
          action: 'tourist.track',
          target: id.data,
          detail: { from, to, points: track.points.length },
        }),
      );
      return { from, to, track };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/tracks',
      tags: ['gps'],
      query: TracksQuery,
      response: TracksResponse,
      summary:
        'The tracks of a group of tourists (`touristIds=a,b`, up to 20) over one range, each as GET /tourists/{id}/track answers it',
    },
    async ({ query, request }) => {
      const { from, to } = rangeOf(query);
      const unknown: string[] = [];
      for (const touristId of query.touristIds) if (!(await touristKnown(ctx.db, touristId))) unknown.push(touristId);
      if (unknown.length > 0)
        throw notFound(
          unknown.length === 1
            ? unknownTourist(unknown[0]!)
            : `No tourists have ids ${unknown.map((id) => `"${id}"`).join(', ')}.`,
        );
      const tracks: TouristTrack[] = [];
      for (const touristId of query.touristIds) tracks.push(await trackOf(ctx.db, touristId, from, to));
      await ctx.write((tx) =>
        appendAudit(tx, {
          ...whoActs(request),
          action: 'tourist.track',
          target: query.touristIds.join(', '),
          detail: { from, to, points: tracks.reduce((n, t) => n + t.points.length, 0) },
        }),
      );
      return { from, to, tracks };
    },
  );
}
