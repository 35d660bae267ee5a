// What an operator's act does to an incident, inside the caller's transaction: the change, its timeline
// entry, its audit entry and its stream message commit together or not at all.
import type { Incident } from '../../src/api/entities.ts';
import type { IncidentsBulkResponse, TimelineEntry } from '../../src/api/responses.ts';
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { TIMELINE_ACTION_OF, transition, type StatusAction } from '../../src/domain/incident-status.ts';
import type { ActingOperator } from '../http/acting-operator.ts';
import { appendAudit } from '../stores/audit.ts';
import { appendTimeline } from '../stores/incident-timeline.ts';
import { lockIncidents, updateIncidentAssignee, updateIncidentStatus } from '../stores/incidents.ts';
import { serverClock } from '../domain/server-clock.ts';

/** One operator acting in one transaction. */
export interface Acting {
  tx: Sql;
  emit: Emit;
  operator: ActingOperator;
}

export type StatusOutcome =
  | { kind: 'changed' | 'unchanged'; incident: Incident }
  | { kind: 'refused'; status: 404 | 409; error: string };

export const unknownIncident = (id: string) => `No incident with id "${id}".`;

const now = () => serverClock.iso();

export async function addNote(
  { tx, emit, operator }: Acting,
  incidentId: string,
  note: string,
): Promise<TimelineEntry> {
  const entry = await appendTimeline(tx, incidentId, { at: now(), actor: operator.actor, action: 'note', note });
  await appendAudit(tx, { ...operator, action: 'incident.note', target: incidentId, detail: { note } });
  emit({ type: 'incident_note', incidentId, entry });
  return entry;
}

/** `current` must be locked by the caller (undefined: no such incident). */
export async function applyStatusAction(
  acting: Acting,
  id: string,
  current: Incident | undefined,
  action: StatusAction,
  note: string | undefined,
): Promise<StatusOutcome> {
  if (!current) return { kind: 'refused', status: 404, error: unknownIncident(id) };
  const next = transition(current.status, action);
  if (next.kind === 'refused') return { kind: 'refused', status: 409, error: next.reason };
  if (next.kind === 'unchanged') {
    // An operator's note is never dropped: on an incident already in that state it is kept as a plain note.
    if (note) await addNote(acting, current.id, note);
    return { kind: 'unchanged', incident: current };
  }
  const { tx, emit, operator } = acting;
  const at = now();
  const incident = await updateIncidentStatus(tx, current.id, next.to, at, operator.actor);
  const entry = await appendTimeline(tx, incident.id, {
    at,
    actor: operator.actor,
    action: TIMELINE_ACTION_OF[action],
    ...(note && { note }),
  });
  const detail = { from: current.status, to: incident.status, ...(note && { note }) };
  await appendAudit(tx, { ...operator, action: `incident.${action}`, target: incident.id, detail });
  emit({ type: 'incident_update', incident, entry });
  return { kind: 'changed', incident };
}

/** Every id in one transaction, locked in id order; an unknown id or a refused change is listed, not fatal. */
export async function applyStatusActionToMany(
  acting: Acting,
  ids: readonly string[],
  action: StatusAction,
  note: string | undefined,
): Promise<Omit<IncidentsBulkResponse, 'ok'>> {
  const unique = [...new Set(ids)];
  const locked = await lockIncidents(acting.tx, unique);
  const answer: Omit<IncidentsBulkResponse, 'ok'> = { incidents: [], changed: 0, unchanged: [], refused: [] };
  for (const id of unique) {
    const outcome = await applyStatusAction(acting, id, locked.get(id), action, note);
    if (outcome.kind === 'refused') answer.refused.push({ id, error: outcome.error });
    else if (outcome.kind === 'unchanged') answer.unchanged.push(id);
    else answer.incidents.push(outcome.incident);
  }
  answer.changed = answer.incidents.length;
  return answer;
}

/** `current` must be locked by the caller. Assigning to whoever already has it changes nothing. */
export async function assignIncident(
  { tx, emit, operator }: Acting,
  current: Incident,
  assignee: string | null,
): Promise<Incident> {
  if ((current.assignee ?? null) === assignee) return current;
  const incident = await updateIncidentAssignee(tx, current.id, assignee);
  const entry = await appendTimeline(tx, incident.id, {
    at: now(),
    actor: operator.actor,
    ...(assignee === null ? { action: 'unassigned' } : { action: 'assigned', assignee }),
  });
  const detail = { from: current.assignee ?? null, to: assignee };
  await appendAudit(tx, {
    ...operator,
    action: assignee === null ? 'incident.unassign' : 'incident.assign',
    target: incident.id,
    detail,
  });
  emit({ type: 'incident_update', incident, entry });
  return incident;
}
