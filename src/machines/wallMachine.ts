// Wall mode (issue 35): the room's screen keeps itself awake, and may walk through the regions every N
// seconds so the room sees each in turn. The walk holds still while any panic is open: the room must look at
// that, not at the next region.
import { assign, setup, spawnChild } from 'xstate';
import { storePreference } from '../browser/storage.ts';
import { screenWakeLock, type WakeLockEvent, type WakeLockState } from '../browser/wake-lock.ts';
import { STORAGE_KEYS } from '../domain/preferences.ts';

export const CYCLE_CHOICES_S = [0, 15, 30, 60, 120] as const;

export interface WallContext {
  /** 0: no cycling. */
  cycleSeconds: number;
  panicsOpen: boolean;
  wakeLock: WakeLockState | 'asking';
}

export type WallEvent =
  | { type: 'cycle.every'; seconds: number }
  | { type: 'panics.changed'; open: boolean }
  | WakeLockEvent;

export const wallMachine = setup({
  types: {
    context: {} as WallContext,
    input: {} as { cycleSeconds?: number; panicsOpen?: boolean },
    events: {} as WallEvent,
  },
  actors: { screenWakeLock, storePreference },
  actions: {
    /** The view's: select the region after the one shown. */
    showNextRegion: () => {},
  },
  guards: {
    notCycling: ({ context }) => context.cycleSeconds <= 0,
    panicsOpen: ({ context }) => context.panicsOpen,
  },
  delays: {
    cycleDelay: ({ context }) => context.cycleSeconds * 1000,
  },
}).createMachine({
  id: 'wall',
  context: ({ input }) => ({
    cycleSeconds: input.cycleSeconds ?? 0,
    panicsOpen: input.panicsOpen ?? false,
    wakeLock: 'asking',
  }),
  type: 'parallel',
  invoke: { id: 'screenWakeLock', src: 'screenWakeLock' },
  on: {
    'wakeLock.changed': { actions: assign({ wakeLock: ({ event }) => event.state }) },
  },
  states: {
    cycle: {
      initial: 'deciding',
      on: {
        'cycle.every': {
          target: '.deciding',
          actions: [
            assign({ cycleSeconds: ({ event }) => Math.max(0, event.seconds) }),
            // Kept for the next time the wall opens.
            spawnChild('storePreference', {
              input: ({ context }) => ({ key: STORAGE_KEYS.wallCycleSeconds, value: String(context.cycleSeconds) }),
            }),
          ],
        },
        'panics.changed': { target: '.deciding', actions: assign({ panicsOpen: ({ event }) => event.open }) },
      },
      states: {
        deciding: {
          always: [
            { guard: { type: 'notCycling' }, target: 'still' },
            { guard: { type: 'panicsOpen' }, target: 'heldByPanic' },
            { target: 'waiting' },
          ],
        },
        still: {},
        waiting: {
          after: { cycleDelay: { target: 'waiting', reenter: true, actions: 'showNextRegion' } },
        },
        heldByPanic: {},
      },
    },
  },
});
