// The browser's storage as the statecharts reach it: one write per actor, started by the machine.
import { fromPromise } from 'xstate';
import { safely } from '../domain/preferences.ts';

export interface PreferenceWrite {
  key: string;
  value: string;
}

/** Private browsing and full quotas make storage throw; a lost preference is not worth an error. */
export const storePreference = fromPromise<void, PreferenceWrite>(async ({ input: { key, value } }) =>
  safely(() => globalThis.localStorage?.setItem(key, value), undefined),
);
