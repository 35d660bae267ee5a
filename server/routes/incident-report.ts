// The incident report (issue 34 point 6): one incident's facts, tourist, trail, timeline and dispatches for
// the print-ready page. It shows a tourist's name and whereabouts, so each read is on the audit trail
// (`incident.report`), as the CSV export is.
import type { FastifyInstance } from 'fastify';
import { pingKey } from '../../src/api/entities.ts';
import { idSchema } from '../../src/api/fields.ts';
import { IncidentReportResponse, REPORT_TRAIL_BEFORE_MS, REPORT_TRAIL_LIMIT } from '../../src/api/incident-report.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { unknownIncident } from '../ingest/incident-writes.ts';
import { appendAudit } from '../stores/audit.ts';
import { listDispatches } from '../stores/dispatches.ts';
import { geofencesById } from '../stores/geofences.ts';
import { touristName, trailBetween } from '../stores/incident-report.ts';
import { listTimeline } from '../stores/incident-timeline.ts';
import { findIncident } from '../stores/incidents.ts';
import { findRegion } from '../stores/regions.ts';
import { serverClock } from '../domain/server-clock.ts';

export async function incidentReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/:id/report',
      tags: ['incidents'],
      response: IncidentReportResponse,
      summary:
        "One incident's report: facts, region and zone, tourist, trail (2 h before receipt to resolution), timeline, dispatches; audited as a read of the tourist's data",
    },
    async ({ request }) => {
      const raw = String((request.params as { id?: unknown }).id ?? '');
      const id = idSchema('id').safeParse(raw);
      const incident = id.success ? await findIncident(ctx.db, id.data) : undefined;
      if (!incident) throw notFound(unknownIncident(raw));
      const [region, zones, timeline, dispatches] = await Promise.all([
        findRegion(ctx.db, incident.regionId),
        incident.meta.geofenceId ? geofencesById(ctx.db, [incident.meta.geofenceId]) : [],
        listTimeline(ctx.db, incident),
        listDispatches(ctx.db, incident.id),
      ]);
      const named = incident.touristId ?? incident.deviceId;
      const from = new Date(Date.parse(incident.createdAt) - REPORT_TRAIL_BEFORE_MS);
      const to = incident.resolvedAt ? new Date(incident.resolvedAt) : serverClock.now();
      const trail = named ? await trailBetween(ctx.db, pingKey(incident), from, to, REPORT_TRAIL_LIMIT) : [];
      const tourist = incident.touristId
        ? { id: incident.touristId, name: await touristName(ctx.db, incident.touristId) }
        : null;
      const who = whoActs(request);
      const generatedAt = serverClock.iso();
      await ctx.write((tx) =>
        appendAudit(tx, {
          ...who,
          action: 'incident.report',
          target: incident.id,
          detail: { touristId: incident.touristId, deviceId: incident.deviceId, trailPoints: trail.length },
        }),
      );
      const zone = zones[0];
      return {
        incident,
        region: region ? { id: region.id, name: region.name, timeZone: region.timeZone } : null,
        zone: zone ? { id: zone.id, name: zone.name, riskLevel: zone.riskLevel } : null,
        tourist,
        timeline,
        dispatches,
        trail,
        generatedBy: who.actor,
        generatedAt,
      };
    },
  );
}
