// A dispatch and its steps, inside the caller's transaction (issue 34 point 4): the record, the incident's
// first-dispatch and first-arrival stamps, the timeline entry, the audit entry, the stream message and the
// `incident.dispatched` outbox rows commit together or not at all.
import type { Incident } from '../../src/api/entities.ts';
import type { Dispatch, DispatchStep } from '../../src/api/responders.ts';
import type { TimelineEntry } from '../../src/api/responses.ts';
import { stepRefusal } from '../../src/domain/dispatch-steps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { appendAudit } from '../stores/audit.ts';
import { findDispatch, insertDispatch, recordDispatchStep } from '../stores/dispatches.ts';
import { appendTimeline } from '../stores/incident-timeline.ts';
import { findIncident, stampIncidentDispatch } from '../stores/incidents.ts';
import { findUnit } from '../stores/responder-units.ts';
import { enqueueWebhookEvents, incidentEvent } from '../webhooks/outbox.ts';
import type { Acting } from './incident-writes.ts';
import { serverClock } from '../domain/server-clock.ts';

export interface DispatchAnswer {
  dispatch: Dispatch;
  incident: Incident;
  entry: TimelineEntry;
}

const withNote = (note: string | undefined) => (note ? { note } : {});

/** Sends a unit of the directory (`unitId`) or one typed by name to the incident. */
export async function dispatchUnit(
  { tx, emit, operator }: Acting,
  request: { id: string; unitId?: string; unitName?: string; note?: string },
): Promise<DispatchAnswer> {
  const current = await findIncident(tx, request.id, true);
  if (!current) throw notFound(`id "${request.id}" names no incident.`);
  if (current.status === 'resolved')
    throw conflict(`Incident ${current.id} is resolved: no unit is dispatched to a resolved incident.`);
  const unit = request.unitId === undefined ? undefined : await findUnit(tx, request.unitId);
  if (request.unitId !== undefined && !unit) throw notFound(`unitId "${request.unitId}" names no responder unit.`);
  const at = serverClock.iso();
  const dispatch = await insertDispatch(tx, {
    incidentId: current.id,
    unitId: unit?.id ?? null,
    unitName: unit?.name ?? request.unitName!,
    unitKind: unit?.kind ?? null,
    at,
    by: operator.actor,
  });
  const incident = await stampIncidentDispatch(tx, current.id, 'dispatched_at', at);
  const entry = await appendTimeline(tx, incident.id, {
    at,
    actor: operator.actor,
    action: 'dispatched',
    unit: dispatch.unitName,
    ...withNote(request.note),
  });
  const detail = {
    dispatchId: dispatch.id,
    unitId: dispatch.unitId,
    unitName: dispatch.unitName,
    ...withNote(request.note),
  };
  await appendAudit(tx, { ...operator, action: 'incident.dispatch', target: incident.id, detail });
  emit({ type: 'incident_update', incident, entry });
  await enqueueWebhookEvents(tx, [{ ...incidentEvent('incident.dispatched', incident), data: { incident, dispatch } }]);
  return { dispatch, incident, entry };
}

/** On scene, stood down or handed over; a step that may not follow the dispatch's state is a 409 with a sentence. */
export async function recordStep(
  { tx, emit, operator }: Acting,
  dispatchId: string,
  step: DispatchStep,
  note: string | undefined,
): Promise<DispatchAnswer> {
  const current = await findDispatch(tx, dispatchId, true);
  if (!current) throw notFound(`dispatchId "${dispatchId}" names no dispatch.`);
  const refusal = stepRefusal(current.unitName, current.state, step);
  if (refusal) throw conflict(refusal);
  const at = serverClock.iso();
  const dispatch = await recordDispatchStep(tx, dispatchId, step, at, operator.actor);
  const incident =
    step === 'on_scene'
      ? await stampIncidentDispatch(tx, current.incidentId, 'on_scene_at', at)
      : (await findIncident(tx, current.incidentId))!;
  const entry = await appendTimeline(tx, incident.id, {
    at,
    actor: operator.actor,
    action: step,
    unit: dispatch.unitName,
    ...withNote(note),
  });
  const detail = { dispatchId, unitName: dispatch.unitName, from: current.state, to: step, ...withNote(note) };
  await appendAudit(tx, { ...operator, action: `incident.${step}`, target: incident.id, detail });
  emit({ type: 'incident_update', incident, entry });
  return { dispatch, incident, entry };
}
