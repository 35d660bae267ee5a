// The incident's history and triage at volume (issue 11): notes, assignment, the timeline, and
// acknowledging or resolving many incidents in one request. Same rules as client.ts.
import type { Incident } from './entities.ts';
import type { IncidentAssignBody, IncidentNoteBody, IncidentStatusBody } from './requests.ts';
import {
  IncidentNoteResponse,
  IncidentResponse,
  IncidentsBulkResponse,
  IncidentTimelineResponse,
  type TimelineEntry,
} from './responses.ts';
import { jsonPost, parsed, withNote } from './client.ts';
import {
  DispatchResponse,
  RespondersResponse,
  type Dispatch,
  type DispatchStatusBody,
  type DispatchStep,
  type NearbyUnit,
} from './responders.ts';

export type BulkAnswer = Pick<IncidentsBulkResponse, 'incidents' | 'changed' | 'unchanged' | 'refused'>;
export type BulkChange = 'acknowledge' | 'resolve';

/** Acknowledges or resolves many incidents in one request. */
export const changeIncidents = (change: BulkChange, ids: readonly string[], note?: string): Promise<BulkAnswer> =>
  parsed(
    IncidentsBulkResponse,
    `/incidents/${change}`,
    jsonPost({ ids: [...ids], ...withNote(note) } satisfies IncidentStatusBody),
  );

export const addIncidentNote = (id: string, note: string): Promise<TimelineEntry> =>
  parsed(IncidentNoteResponse, '/incidents/notes', jsonPost({ id, note } satisfies IncidentNoteBody)).then(
    (answer) => answer.entry,
  );

/** `null` unassigns. */
export const assignIncident = (id: string, assignee: string | null): Promise<Incident> =>
  parsed(IncidentResponse, '/incidents/assign', jsonPost({ id, assignee } satisfies IncidentAssignBody)).then(
    (answer) => answer.incident,
  );

/** The incident's history, oldest first. */
export const fetchIncidentTimeline = (id: string): Promise<TimelineEntry[]> =>
  parsed(IncidentTimelineResponse, `/incidents/${encodeURIComponent(id)}/timeline`).then((answer) => answer.entries);

/** A dispatch or step as written, with the incident it left. */
export type DispatchAnswer = { dispatch: Dispatch; incident: Incident };

/** The nearest responder units of the incident and its dispatches (issue 34). */
export const fetchResponders = (id: string): Promise<{ nearest: NearbyUnit[]; dispatches: Dispatch[] }> =>
  parsed(RespondersResponse, `/incidents/${encodeURIComponent(id)}/nearest-units`);

/** A unit of the directory (`unitId`) or one typed by name (`unitName`). */
export const dispatchUnit = (request: {
  id: string;
  unitId?: string;
  unitName?: string;
  note?: string;
}): Promise<DispatchAnswer> =>
  parsed(DispatchResponse, '/incidents/dispatches', jsonPost({ ...request, ...withNote(request.note) }));

export const recordDispatchStep = (dispatchId: string, status: DispatchStep, note?: string): Promise<DispatchAnswer> =>
  parsed(
    DispatchResponse,
    `/incidents/dispatches/${encodeURIComponent(dispatchId)}/status`,
    jsonPost({ status, ...withNote(note) } satisfies DispatchStatusBody),
  );
