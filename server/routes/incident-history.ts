// Notes, assignment and the timeline of an incident (issue 11). Each change reaches every open dashboard
// on the stream and goes to the audit trail, in the transaction that makes it.
import type { FastifyInstance } from 'fastify';
import { idSchema } from '../../src/api/fields.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { IncidentAssignBody, IncidentNoteBody } from '../../src/api/requests.ts';
import { IncidentNoteResponse, IncidentResponse, IncidentTimelineResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { listTimeline } from '../stores/incident-timeline.ts';
import { findIncident } from '../stores/incidents.ts';
import { addNote, assignIncident, unknownIncident } from '../ingest/incident-writes.ts';

/** An id from the path that no incident can have (too long, NUL, lone surrogate) is simply not found. */
function incidentIdFrom(params: unknown): string {
  const raw = (params as { id?: unknown }).id;
  const id = idSchema('id').safeParse(raw);
  if (!id.success || id.data.includes('\u0000') || /\p{Cs}/u.test(id.data))
    throw notFound(unknownIncident(String(raw ?? '')));
  return id.data;
}

export async function incidentHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/incidents/notes',
      role: LEAST_ROLE.addNote,
      summary: "Add an operator's note to an incident's timeline (streamed as `incident_note`)",
      tags: ['incidents'],
      body: IncidentNoteBody,
      response: IncidentNoteResponse,
    },
    async ({ body, request }) =>
      ctx.write(async (tx, emit) => {
        if (!(await findIncident(tx, body.id))) throw notFound(unknownIncident(body.id));
        return { entry: await addNote({ tx, emit, operator: whoActs(request) }, body.id, body.note) };
      }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/incidents/assign',
      role: LEAST_ROLE.assign,
      summary: 'Assign an incident to an operator (a username), or unassign it with `assignee: null`',
      tags: ['incidents'],
      body: IncidentAssignBody,
      response: IncidentResponse,
    },
    async ({ body, request }) =>
      ctx.write(async (tx, emit) => {
        const current = await findIncident(tx, body.id, true);
        if (!current) throw notFound(unknownIncident(body.id));
        return { incident: await assignIncident({ tx, emit, operator: whoActs(request) }, current, body.assignee) };
      }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/:id/timeline',
      summary:
        'The history of an incident, oldest first: raised, acknowledged, notes, assignments, escalation, resolved',
      tags: ['incidents'],
      response: IncidentTimelineResponse,
    },
    async ({ request }) => {
      const id = incidentIdFrom(request.params);
      const incident = await findIncident(ctx.db, id);
      if (!incident) throw notFound(unknownIncident(id));
      return { entries: await listTimeline(ctx.db, incident) };
    },
  );
}
