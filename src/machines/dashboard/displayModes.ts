// The operator's display modes, each a region of its own: theme (restored from and kept in storage),
// the dev panel (its events are fetched each time it opens), live GPS on the map, fitting the map to GPS.
import { STORAGE_KEYS } from '../../domain/preferences.ts';
import type { DashboardContext } from './context.ts';
import { dashboardSetup } from './setup.ts';

export const displayGuards = {
  darkPreferred: ({ context }: { context: Pick<DashboardContext, 'darkPreferred'> }) => context.darkPreferred,
};

const displaySetup = dashboardSetup.extend({ guards: displayGuards });

const theme = displaySetup.createStateConfig({
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: 'darkPreferred', target: 'dark' }, { target: 'light' }] },
    light: {
      entry: { type: 'persist', params: { key: STORAGE_KEYS.dark, value: '0' } },
      on: { 'theme.toggle': 'dark' },
    },
    dark: {
      entry: { type: 'persist', params: { key: STORAGE_KEYS.dark, value: '1' } },
      on: { 'theme.toggle': 'light' },
    },
  },
});

const devPanel = displaySetup.createStateConfig({
  initial: 'hidden',
  states: {
    hidden: { on: { 'dev.toggle': 'shown' } },
    shown: {
      entry: { type: 'fetch', params: { resources: ['events'] } },
      on: { 'dev.toggle': 'hidden' },
    },
  },
});

const liveGps = displaySetup.createStateConfig({
  initial: 'on',
  states: { on: { on: { 'liveGps.toggle': 'off' } }, off: { on: { 'liveGps.toggle': 'on' } } },
});

const fitGps = displaySetup.createStateConfig({
  initial: 'off',
  states: { off: { on: { 'fitGps.toggle': 'on' } }, on: { on: { 'fitGps.toggle': 'off' } } },
});

export const displayModes = { theme, devPanel, liveGps, fitGps };
