// The running session actor for the React tree, and what the views ask of it: who is signed in (when
// sign-in is on) and whether the role may do a thing. With sign-in off the user is an anonymous admin,
// so everything is offered, as the spec's open dashboard.
import { createActorContext } from '@xstate/react';
import type { SignedInUser } from '../api/auth.ts';
import { LEAST_ROLE, type OperatorAct } from '../api/operator-acts.ts';
import { roleAtLeast } from '../api/roles.ts';
import { sessionMachine } from '../machines/sessionMachine.ts';

export const SessionActor = createActorContext(sessionMachine);

/** Whether the signed-in role may do the act: the table the server's routes declare their roles from. */
export function useMay(act: OperatorAct): boolean {
  return SessionActor.useSelector((s) => roleAtLeast(s.context.user?.role, LEAST_ROLE[act]));
}

/** The signed-in account, or undefined with sign-in off (the top bar then stays as the spec has it). */
export function useAccount(): SignedInUser | undefined {
  return SessionActor.useSelector((s) => (s.matches({ signedIn: 'open' }) ? undefined : s.context.user));
}
