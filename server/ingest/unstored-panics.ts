// Panics the journal answered while the store could not take them (issue 47) reach operators before the store
// holds them: each goes out once journaled, and is in every snapshot, until it is put back and announced with
// an id. Their frames carry no id: they are not part of the resumable history, which brings them again later.
import type { Alert, Incident } from '../../src/api/entities.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import type { PanicAnswer } from './panic.ts';

/** What the stream hub reads of them: the journal's desk at run time. */
export interface UnstoredPanics {
  unstoredAnswers(): PanicAnswer[];
  onJournaled(listener: (answer: PanicAnswer) => void): () => void;
}

export const noUnstoredPanics: UnstoredPanics = { unstoredAnswers: () => [], onJournaled: () => () => {} };

/** The frames that announce a panic as a stored one would be (an alert, then its incident), without ids. */
export function unstoredFrames(answers: readonly PanicAnswer[]): string {
  return answers
    .flatMap((answer): StreamMessage[] => [
      { type: 'alert', alert: answer.alert },
      { type: 'incident_update', incident: answer.incident },
    ])
    .map((message) => `data: ${JSON.stringify(message)}\n\n`)
    .join('');
}

/** The snapshot's alerts with the unstored ones it lacks, newest receive time first. */
export function withUnstoredAlerts(stored: readonly Alert[], answers: readonly PanicAnswer[]): Alert[] {
  const known = new Set(stored.map((alert) => alert.id));
  const missing = answers.map((answer) => answer.alert).filter((alert) => !known.has(alert.id));
  if (missing.length === 0) return [...stored];
  return [...stored, ...missing].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : -1));
}

/** A listing of incidents as /incidents/filter answers it: their JSON array as text, and their ids in order. */
export interface ListedJson {
  json: string;
  ids: string[];
}

/**
 * The list with the unstored panics of `regionId` (every region when absent) it lacks, in its order: newest
 * receive time first. Unresolved panics, so no window or cap leaves them out.
 */
export function withUnstoredIncidents(
  list: ListedJson,
  answers: readonly PanicAnswer[],
  regionId: string | undefined,
): ListedJson {
  const listed = new Set(list.ids);
  const missing = answers
    .map((answer) => answer.incident)
    .filter((incident) => !listed.has(incident.id) && (regionId === undefined || incident.regionId === regionId));
  if (missing.length === 0) return list;
  const incidents = [...(JSON.parse(list.json) as Incident[]), ...missing].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1),
  );
  return { json: JSON.stringify(incidents), ids: incidents.map((incident) => incident.id) };
}
