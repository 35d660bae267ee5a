// An incident's lifecycle, once for the server and the page: open → acknowledged → resolved, and
// open → resolved. The server's writes refuse or apply an operator's act by it, the page's filters and
// merges keep the later of two statuses by it, and the statecharts' guards offer Acknowledge and Resolve by it.
import type { IncidentStatus } from '../api/fields.ts';
import type { Translate } from '../i18n/translate.ts';

export type StatusAction = 'acknowledge' | 'resolve';

/** How each action reads in an incident's timeline. */
export const TIMELINE_ACTION_OF = { acknowledge: 'acknowledged', resolve: 'resolved' } as const satisfies Record<
  StatusAction,
  string
>;

/** What an operator's action does to an incident: move it, leave it as it is, or refuse. */
export type StatusTransition =
  | { kind: 'change'; to: IncidentStatus }
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: string };

/** open → acknowledged → resolved, open → resolved; repeating an action is harmless; a resolved incident stays resolved. */
export function transition(from: IncidentStatus, action: StatusAction): StatusTransition {
  if (action === 'acknowledge') {
    if (from === 'open') return { kind: 'change', to: 'acknowledged' };
    if (from === 'acknowledged') return { kind: 'unchanged' };
    return { kind: 'refused', reason: 'The incident is already resolved and cannot be acknowledged.' };
  }
  if (from === 'resolved') return { kind: 'unchanged' };
  return { kind: 'change', to: 'resolved' };
}

/** Whether the action moves an incident in this status (the page offers its button only then). */
export const mayAcknowledge = (status: IncidentStatus): boolean => transition(status, 'acknowledge').kind === 'change';
export const mayResolve = (status: IncidentStatus): boolean => transition(status, 'resolve').kind === 'change';

/** How far along the lifecycle a status is: every transition above moves an incident further. */
const LIFECYCLE_ORDER: Record<IncidentStatus, number> = { open: 0, acknowledged: 1, resolved: 2 };

/**
 * The later of two reports of one incident's status. Statuses only move forward, so an answer read before
 * an acknowledgement (a reload that started earlier) must not undo it.
 */
export function laterStatus(known: IncidentStatus | undefined, reported: IncidentStatus): IncidentStatus {
  return known && LIFECYCLE_ORDER[known] > LIFECYCLE_ORDER[reported] ? known : reported;
}

/** A status as the operator reads it (a badge, a card, the wall's list), in the console's language. */
export const statusWord = (status: IncidentStatus, t: Translate): string => t(`dashboard.status.${status}`);
