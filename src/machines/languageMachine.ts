// The console's language and clock (issue 36): the chosen language's catalogue is fetched before the page
// speaks it (the page keeps the one it has meanwhile); the choice, the 12-hour clock and native digits are
// kept in storage. A catalogue that cannot be fetched leaves the page in the language it was in.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { storePreference } from '../browser/storage.ts';
import { tellWorkerSettings } from '../browser/worker-settings.ts';
import { STORAGE_KEYS, type LanguageSettings } from '../domain/preferences.ts';
import type { Catalogue } from '../i18n/catalogue.ts';
import { en } from '../i18n/catalogues/en.ts';
import type { Language } from '../i18n/languages.ts';
import { loadCatalogue } from '../i18n/load-catalogue.ts';

export interface LanguageContext extends LanguageSettings {
  /** The language the page speaks now, and its messages: `language` once its catalogue is in. */
  shown: Language;
  catalogue: Catalogue;
  /** The language whose catalogue could not be fetched, for the page to say so. */
  failed: Language | undefined;
}

export type LanguageEvent =
  | { type: 'language.choose'; language: Language }
  | { type: 'hour12.toggle' }
  | { type: 'nativeDigits.toggle' };

export const languageMachine = setup({
  types: { context: {} as LanguageContext, input: {} as LanguageSettings, events: {} as LanguageEvent },
  actors: {
    loadCatalogue: fromPromise<Catalogue, Language>(({ input }) => loadCatalogue(input)),
    storePreference,
    tellWorkerSettings,
  },
  actions: {
    keep: enqueueActions(({ enqueue }, write: { key: string; value: string }) =>
      enqueue.spawnChild('storePreference', { input: write }),
    ),
    /** The language the page speaks and its clock, for the service worker's notifications. */
    tellWorker: enqueueActions(({ enqueue, context }) =>
      enqueue.spawnChild('tellWorkerSettings', {
        input: { language: context.shown, hour12: context.hour12, nativeDigits: context.nativeDigits },
      }),
    ),
  },
  guards: { english: ({ context }) => context.language === 'en' },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ ...input, shown: 'en', catalogue: en, failed: undefined }),
  initial: 'starting',
  on: {
    'hour12.toggle': {
      actions: [
        assign({ hour12: ({ context }) => !context.hour12 }),
        { type: 'keep', params: ({ context }) => ({ key: STORAGE_KEYS.hour12, value: context.hour12 ? '1' : '0' }) },
        'tellWorker',
      ],
    },
    'nativeDigits.toggle': {
      actions: [
        assign({ nativeDigits: ({ context }) => !context.nativeDigits }),
        {
          type: 'keep',
          params: ({ context }) => ({ key: STORAGE_KEYS.nativeDigits, value: context.nativeDigits ? '1' : '0' }),
        },
        'tellWorker',
      ],
    },
    'language.choose': {
      target: '.starting',
      actions: [
        assign({ language: ({ event }) => event.language }),
        { type: 'keep', params: ({ event }) => ({ key: STORAGE_KEYS.language, value: event.language }) },
      ],
    },
  },
  states: {
    starting: {
      always: [
        { guard: 'english', target: 'ready', actions: assign({ catalogue: en, shown: 'en', failed: undefined }) },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadCatalogue',
        input: ({ context }) => context.language,
        onDone: {
          target: 'ready',
          actions: assign({
            catalogue: ({ event }) => event.output,
            shown: ({ context }) => context.language,
            failed: undefined,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ failed: ({ context }) => context.language, language: ({ context }) => context.shown }),
        },
      },
    },
    ready: { entry: 'tellWorker' },
  },
});
