// The running language actor for the React tree: above the session, so the sign-in page speaks it too.
import { createActorContext } from '@xstate/react';
import { languageMachine } from '../../machines/languageMachine.ts';

export const LanguageActor = createActorContext(languageMachine);
