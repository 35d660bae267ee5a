import type { ActorRefFrom } from 'xstate';
import type { incidentDetailsMachine } from '../../machines/incidentDetailsMachine.ts';

export type DetailsRef = ActorRefFrom<typeof incidentDetailsMachine>;
