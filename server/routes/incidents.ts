import type { FastifyInstance } from 'fastify';
import { IncidentsFilterQuery, IncidentsQuery } from '../../src/api/queries.ts';
import { IncidentIdBody } from '../../src/api/requests.ts';
import { IncidentResponse, IncidentsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { transition, type StatusAction } from '../domain/incident-status.ts';
import { regionScope } from '../domain/region-scope.ts';
import { conflict, notFound } from '../http/errors.ts';
import { actorOf } from '../http/actor.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { filterIncidents, findIncident, listIncidents, updateIncidentStatus } from '../stores/incidents.ts';

// The dashboard reloads the filtered list on every stream message; an unbounded "all regions, all time"
// answer would grow without end, so it is capped at the newest 1000 (the table shows far fewer).
export const FILTER_LIMIT = 1000;

/** `all` (or nothing) means every region; 0 (or nothing) minutes means all time. */
export function filterFrom(query: { regionId?: string; minutes?: number }, limit: number) {
  return {
    regionId: regionScope(query.regionId),
    since: query.minutes ? new Date(Date.now() - query.minutes * 60_000) : undefined,
    limit,
  };
}

export async function incidentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    { method: 'GET', url: '/incidents', summary: 'Recent incidents, newest first', tags: ['incidents'], query: IncidentsQuery, response: IncidentsResponse },
    async ({ query }) => ({ incidents: await listIncidents(ctx.db, query.limit) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/filter',
      summary: `Incidents of a region (or all) over the last minutes (or all time), newest first by receive time, at most ${FILTER_LIMIT}, plus every unresolved panic of the region`,
      tags: ['incidents'],
      query: IncidentsFilterQuery,
      response: IncidentsResponse,
    },
    async ({ query }) => ({ incidents: await filterIncidents(ctx.db, { ...filterFrom(query, FILTER_LIMIT), withUnresolvedPanics: true }) }),
  );

  const statusRoute = (action: StatusAction, url: string, summary: string) =>
    defineRoute(app, { method: 'POST', url, role: 'operator', summary, tags: ['incidents'], body: IncidentIdBody, response: IncidentResponse }, async ({ body, request }) =>
      ctx.write(async (tx, emit) => {
        // Row lock: two operators clicking at once are applied one after the other.
        const current = await findIncident(tx, body.id, true);
        if (!current) throw notFound(`No incident with id "${body.id}".`);
        const next = transition(current.status, action);
        if (next.kind === 'refused') throw conflict(next.reason);
        if (next.kind === 'unchanged') return { incident: current };
        const incident = await updateIncidentStatus(tx, current.id, next.to, new Date().toISOString());
        await appendAudit(tx, { ...actorOf(request), action: `incident.${action}`, target: incident.id, detail: { from: current.status, to: incident.status } });
        emit({ type: 'incident_update', incident });
        return { incident };
      }),
    );

  statusRoute('acknowledge', '/incidents/acknowledge', 'Acknowledge an open incident (repeating it is a no-op)');
  statusRoute('resolve', '/incidents/resolve', 'Resolve an open or acknowledged incident (repeating it is a no-op)');
}
