// The running session actor for the React tree, and what the views ask of it: who is signed in (when
// sign-in is on) and whether the role may do a thing. With sign-in off the user is an anonymous admin,
// so everything is offered, as the spec's open dashboard.
import { createActorContext } from '@xstate/react';
import type { SignedInUser } from '../api/auth.ts';
import { roleAtLeast, type Role } from '../api/roles.ts';
import { sessionMachine } from '../machines/sessionMachine.ts';

export const SessionActor = createActorContext(sessionMachine);

/** The least role of each operator action, as the server's routes declare it (ROLE_GRANTS). */
export const NEEDED_ROLE = {
  acknowledge: 'operator',
  resolve: 'operator',
  testAlert: 'operator',
  exportCsv: 'operator',
  seedGeofence: 'supervisor',
  audit: 'supervisor',
} as const satisfies Record<string, Role>;

export type OperatorAction = keyof typeof NEEDED_ROLE;

export function useMay(action: OperatorAction): boolean {
  return SessionActor.useSelector((s) => roleAtLeast(s.context.user?.role, NEEDED_ROLE[action]));
}

/** The signed-in account, or undefined with sign-in off (the top bar then stays as the spec has it). */
export function useAccount(): SignedInUser | undefined {
  return SessionActor.useSelector((s) => (s.matches({ signedIn: 'open' }) ? undefined : s.context.user));
}
