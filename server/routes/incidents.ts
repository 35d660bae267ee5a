import type { FastifyInstance } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { IncidentsFilterQuery, IncidentsQuery } from '../../src/api/queries.ts';
import { IncidentStatusBody } from '../../src/api/requests.ts';
import { IncidentsFilterResponse, IncidentStatusResponse, IncidentsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import type { StatusAction } from '../../src/domain/incident-status.ts';
import { regionScope } from '../domain/region-scope.ts';
import { conflict, notFound } from '../http/errors.ts';
import { whoActs } from '../http/acting-operator.ts';
import { defineRoute, JsonFieldAnswer } from '../http/route.ts';
import { filterIncidentChanges, filterIncidentsJson } from '../stores/incident-list.ts';
import { findIncident, listIncidents } from '../stores/incidents.ts';
import { applyStatusAction, applyStatusActionToMany } from '../ingest/incident-writes.ts';
import { serverClock } from '../domain/server-clock.ts';
import { withUnstoredIncidents } from '../ingest/unstored-panics.ts';

// The dashboard reloads the filtered list on every stream message; an unbounded "all regions, all time"
// answer would grow without end, so it is capped at the newest 1000 (the table shows far fewer).
export const FILTER_LIMIT = 1000;

/** `all` (or nothing) means every region; 0 (or nothing) minutes means all time. */
export function filterFrom(query: { regionId?: string; minutes?: number }, limit: number) {
  return {
    regionId: regionScope(query.regionId),
    since: query.minutes ? new Date(serverClock.nowMs() - query.minutes * 60_000) : undefined,
    limit,
  };
}

export async function incidentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents',
      summary: 'Recent incidents, newest first',
      tags: ['incidents'],
      query: IncidentsQuery,
      response: IncidentsResponse,
    },
    async ({ query }) => ({ incidents: await listIncidents(ctx.db, query.limit) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/filter',
      summary:
        `Incidents of a region (or all) over the last minutes (or all time), newest first by receive time, at most ${FILTER_LIMIT}, ` +
        'plus every unresolved panic of the region. With `changedSince` (the `revision` of an earlier answer): `ids` lists ' +
        'the whole list in order and `incidents` only those written since',
      tags: ['incidents'],
      query: IncidentsFilterQuery,
      response: IncidentsFilterResponse,
    },
    async ({ query }) => {
      const filter = { ...filterFrom(query, FILTER_LIMIT), withUnresolvedPanics: true };
      const { changedSince } = query;
      const unstored = ctx.fallback.desk.unstoredAnswers();
      // Panics journaled and not yet put back: the whole list with them (a superset of what changed is harmless).
      if (changedSince === undefined || unstored.length > 0) {
        const stored = await filterIncidentsJson(ctx.db, filter);
        const list = withUnstoredIncidents(stored, unstored, filter.regionId);
        const since = changedSince === undefined ? {} : { changedSince, ids: list.ids };
        return new JsonFieldAnswer('incidents', list.json, { revision: stored.revision, ...since });
      }
      const changes = await filterIncidentChanges(ctx.db, filter, changedSince);
      return new JsonFieldAnswer('incidents', changes.json, {
        revision: changes.revision,
        changedSince,
        ids: changes.ids,
      });
    },
  );

  const statusRoute = (action: StatusAction, url: string, summary: string) =>
    defineRoute(
      app,
      {
        method: 'POST',
        url,
        role: LEAST_ROLE[action],
        summary,
        tags: ['incidents'],
        body: IncidentStatusBody,
        response: IncidentStatusResponse,
      },
      async ({ body, request }) => {
        const note = body.note || undefined;
        return ctx.write(async (tx, emit) => {
          const acting = { tx, emit, operator: whoActs(request) };
          if (body.ids) return applyStatusActionToMany(acting, body.ids, action, note);
          // Row lock: two operators clicking at once are applied one after the other.
          const id = body.id!;
          const outcome = await applyStatusAction(acting, id, await findIncident(tx, id, true), action, note);
          if (outcome.kind === 'refused')
            throw outcome.status === 404 ? notFound(outcome.error) : conflict(outcome.error);
          return { incident: outcome.incident };
        });
      },
    );

  statusRoute(
    'acknowledge',
    '/incidents/acknowledge',
    'Acknowledge an open incident, or each of `ids` in one transaction, with an optional note (repeating it is a no-op)',
  );
  statusRoute(
    'resolve',
    '/incidents/resolve',
    'Resolve an open or acknowledged incident, or each of `ids` in one transaction, with an optional note (repeating it is a no-op)',
  );
}
