import type { ActorRefFrom } from 'xstate';
import type { replayMachine } from '../../machines/replayMachine.ts';

export type ReplayRef = ActorRefFrom<typeof replayMachine>;
