// The watch's settings per region (admin) and the pauses of one tourist's watch (operator), issue 32.
import type { FastifyInstance } from 'fastify';
import { idSchema } from '../../src/api/fields.ts';
import { pauseStepNote } from '../../src/domain/watch-pause.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import {
  WatchPauseBody,
  WatchPauseResponse,
  WatchPauseStateResponse,
  WatchResumeResponse,
  WatchSettings,
  WatchSettingsPatch,
  WatchSettingsResponse,
  unknownWatchFields,
} from '../../src/api/watch.ts';
import type { AppContext, Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { appendTimeline, type StoredTimelineEntry } from '../stores/incident-timeline.ts';
import { recheckKey, recheckRegion } from '../stores/watch-last.ts';
import {
  deletePause,
  readPause,
  readWatchSettings,
  regionExists,
  saveWatchSettings,
  savePause,
} from '../stores/watch-settings.ts';
import { serverClock } from '../domain/server-clock.ts';

function pathId(params: unknown, what: string): string {
  const raw = (params as { id?: unknown }).id;
  const id = idSchema(what).safeParse(raw);
  if (!id.success || id.data.includes('\u0000')) throw notFound(`No ${what} ${String(raw ?? '')}.`);
  return id.data;
}

async function requireRegion(db: Sql, regionId: string): Promise<void> {
  if (!(await regionExists(db, regionId))) throw notFound(`No region ${regionId} (GET /regions lists them).`);
}

/** Names what a partial change makes contradictory, as a sentence (a range whose minimum passes its maximum). */
function contradiction(settings: WatchSettings): string | null {
  if (settings.vitals.heartRateMin >= settings.vitals.heartRateMax)
    return 'vitals.heartRateMin must be below vitals.heartRateMax';
  return null;
}

/** The tourist's open watch incidents each get the step in their timeline, announced on the stream. */
async function noteOnOpenWatchIncidents(
  tx: Sql,
  emit: Emit,
  touristId: string,
  entry: StoredTimelineEntry,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from incidents where watch_key = $1 and status <> 'resolved' order by id`,
    [touristId],
  );
  for (const { id } of rows)
    emit({ type: 'incident_note', incidentId: id, entry: await appendTimeline(tx, id, entry) });
}

export async function watchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/regions/:id/watch',
      role: LEAST_ROLE.editWatchSettings,
      summary: "A region's watch rule settings (defaults where none were saved)",
      tags: ['watch'],
      response: WatchSettingsResponse,
    },
    async ({ request }) => {
      const regionId = pathId(request.params, 'region');
      await requireRegion(ctx.db, regionId);
      return { regionId, settings: await readWatchSettings(ctx.db, regionId) };
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/regions/:id/watch',
      role: LEAST_ROLE.editWatchSettings,
      summary: "Change a region's watch rule settings: only the values the body names change (audited)",
      tags: ['watch'],
      body: WatchSettingsPatch,
      response: WatchSettingsResponse,
    },
    async ({ body, request }) => {
      const regionId = pathId(request.params, 'region');
      const [unknown] = unknownWatchFields(request.body);
      if (unknown !== undefined) {
        const message = `${unknown} is not a watch setting (they are ${Object.keys(WatchSettings.shape).join(', ')})`;
        throw new HttpError(400, `Invalid request body: ${message}.`, [{ path: unknown, message }]);
      }
      const settings = await ctx.write(async (tx) => {
        await requireRegion(tx, regionId);
        const previous = await readWatchSettings(tx, regionId, true);
        const next: WatchSettings = { ...previous, ...body, vitals: { ...previous.vitals, ...body.vitals } };
        const wrong = contradiction(next);
        if (wrong)
          throw new HttpError(400, `Invalid request body: ${wrong}.`, [{ path: wrong.split(' ')[0], message: wrong }]);
        const at = serverClock.iso();
        await saveWatchSettings(tx, regionId, next, at);
        // The region's tourists are decided again with the new limits by the next checks.
        await recheckRegion(tx, regionId, at);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'watch.settings',
          target: regionId,
          detail: { previous, saved: next },
        });
        return next;
      });
      return { regionId, settings };
    },
  );

  // Not audited, like the other reads of a tourist's data (/gps/last, /gps/history, /incidents): the audit
  // trail holds acts; the pause's setting and lifting are in it.
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/tourists/:id/watch-pause',
      role: LEAST_ROLE.pauseWatch,
      summary:
        "A tourist's (or device's) running watch pause with its reason, who set it and when; null when none runs",
      tags: ['watch'],
      response: WatchPauseStateResponse,
    },
    async ({ request }) => {
      const touristId = pathId(request.params, 'tourist');
      return { touristId, pause: await readPause(ctx.db, touristId, serverClock.iso()) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/tourists/:id/watch-pause',
      role: LEAST_ROLE.pauseWatch,
      summary: 'Pause watching a tourist (or device) until a time, with a reason; it ends by itself (audited)',
      tags: ['watch'],
      body: WatchPauseBody,
      response: WatchPauseResponse,
    },
    async ({ body, request }) => {
      const touristId = pathId(request.params, 'tourist');
      const now = serverClock.iso();
      if (Date.parse(body.until) <= Date.parse(now)) {
        throw new HttpError(400, 'Invalid request body: until must be in the future.', [
          { path: 'until', message: 'until must be in the future' },
        ]);
      }
      const { actor } = whoActs(request);
      const pause = await ctx.write(async (tx, emit) => {
        const saved = await savePause(tx, {
          touristId,
          until: new Date(body.until).toISOString(),
          reason: body.reason,
          by: actor,
          createdAt: now,
        });
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'watch.pause',
          target: touristId,
          detail: { until: saved.until, reason: saved.reason },
        });
        await noteOnOpenWatchIncidents(tx, emit, touristId, {
          at: now,
          actor,
          action: 'watch_paused',
          note: pauseStepNote(saved.until, saved.reason),
        });
        return saved;
      });
      return { pause };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/tourists/:id/watch-pause',
      role: LEAST_ROLE.pauseWatch,
      summary: "End a tourist's watch pause now (audited)",
      tags: ['watch'],
      response: WatchResumeResponse,
    },
    async ({ request }) => {
      const touristId = pathId(request.params, 'tourist');
      const now = serverClock.iso();
      const { actor } = whoActs(request);
      const resumed = await ctx.write(async (tx, emit) => {
        const removed = await deletePause(tx, touristId, now);
        if (!removed) return false;
        await recheckKey(tx, touristId, now);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'watch.resume',
          target: touristId,
          detail: { until: removed.until, reason: removed.reason },
        });
        await noteOnOpenWatchIncidents(tx, emit, touristId, { at: now, actor, action: 'watch_resumed' });
        return true;
      });
      return { touristId, resumed };
    },
  );
}
