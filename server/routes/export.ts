import type { FastifyInstance } from 'fastify';
import type { Incident } from '../../src/api/entities.ts';
import type { Dispatch } from '../../src/api/responders.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { ExportQuery } from '../../src/api/queries.ts';
import type { AppContext } from '../context.ts';
import { csvLine, type CsvCell } from '../domain/csv.ts';
import { defineRoute } from '../http/route.ts';
import { filterIncidentsPage, type IncidentCursor } from '../stores/incidents.ts';
import { filterFrom } from './incidents.ts';
import { whoActs } from '../http/acting-operator.ts';
import { appendAudit } from '../stores/audit.ts';
import { firstDispatches } from '../stores/dispatches.ts';
import { serverClock } from '../domain/server-clock.ts';

// The answer is built in memory; 50 000 rows is a few MB, far beyond any window an operator exports.
export const EXPORT_LIMIT = 50_000;
/** Rows per query: short enough that a panic waiting for the store slips in between two pages. */
export const EXPORT_PAGE_ROWS = 1000;

export const EXPORT_COLUMNS = [
  'id',
  'touristId',
  'deviceId',
  'type',
  'severity',
  'status',
  'latitude',
  'longitude',
  'createdAt',
  'resolvedAt',
  'regionId',
  'riskLevel',
  'geofenceId',
  // Beyond API.md, at the end only (issue 34): the first unit sent, its state now, and the incident's times.
  'dispatchedAt',
  'dispatchedUnit',
  'onSceneAt',
  'dispatchOutcome',
  'timeToDispatchS',
  'timeToSceneS',
] as const;

/** Whole seconds from receipt to `at`. */
const secondsSinceReceipt = (incident: Incident, at: string | null | undefined) =>
  at ? Math.round((Date.parse(at) - Date.parse(incident.createdAt)) / 1000) : null;

export function exportRow(incident: Incident, firstDispatch?: Dispatch): CsvCell[] {
  return [
    incident.id,
    incident.touristId,
    incident.deviceId,
    incident.type,
    incident.severity,
    incident.status,
    incident.latitude,
    incident.longitude,
    incident.createdAt,
    incident.resolvedAt,
    incident.regionId,
    incident.meta.riskLevel,
    incident.meta.geofenceId,
    incident.dispatchedAt ?? null,
    firstDispatch?.unitName ?? null,
    incident.onSceneAt ?? null,
    firstDispatch?.state ?? null,
    secondsSinceReceipt(incident, incident.dispatchedAt),
    secondsSinceReceipt(incident, incident.onSceneAt),
  ];
}

/** `incidents-<region|all>-<UTC timestamp>.csv`, with only filename-safe characters. */
export function exportFileName(regionId: string | undefined, now: Date): string {
  const region = (regionId ?? 'all').replace(/[^A-Za-z0-9_-]/g, '_');
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `incidents-${region}-${stamp}.csv`;
}

/** CSV lines of the filter's newest incidents, up to `limit`, read one page per query. */
async function exportLines(
  ctx: AppContext,
  filter: { regionId?: string; since?: Date },
  limit: number,
): Promise<string[]> {
  const lines = [csvLine(EXPORT_COLUMNS)];
  let after: IncidentCursor | undefined;
  do {
    const page = await filterIncidentsPage(
      ctx.db,
      filter,
      after,
      Math.min(EXPORT_PAGE_ROWS, limit - (lines.length - 1)),
    );
    const dispatches = await firstDispatches(
      ctx.db,
      page.incidents.filter((incident) => incident.dispatchedAt).map((incident) => incident.id),
    );
    for (const incident of page.incidents) lines.push(csvLine(exportRow(incident, dispatches.get(incident.id))));
    after = page.next;
  } while (after && lines.length - 1 < limit);
  return lines;
}

export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/export',
      role: LEAST_ROLE.exportCsv,
      summary: `Incidents as a CSV download (same filter as /incidents/filter, newest first, at most ${EXPORT_LIMIT})`,
      tags: ['incidents'],
      query: ExportQuery,
      produces: 'text/csv',
    },
    async ({ query, reply, request }) => {
      const filter = filterFrom(query, EXPORT_LIMIT);
      const lines = await exportLines(ctx, filter, EXPORT_LIMIT);
      // Tourists' whereabouts leave the system here: who took them is on the record.
      await ctx.write((tx) =>
        appendAudit(tx, {
          ...whoActs(request),
          action: 'incidents.export',
          target: filter.regionId ?? 'all',
          detail: { minutes: query.minutes ?? 0, rows: lines.length - 1 },
        }),
      );
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(filter.regionId, serverClock.now())}"`)
        .header('Cache-Control', 'no-store');
      return lines.join('');
    },
  );
}
