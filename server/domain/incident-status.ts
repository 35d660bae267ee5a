import type { IncidentStatus } from '../../src/api/fields.ts';

export type StatusAction = 'acknowledge' | 'resolve';

/** How each action reads in an incident's timeline. */
export const TIMELINE_ACTION_OF = { acknowledge: 'acknowledged', resolve: 'resolved' } as const satisfies Record<StatusAction, string>;

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
