// The alarm (issue 11, "Never missed"): a tone that repeats while any panic is open and unacknowledged,
// faster while one is escalated. The operator can silence it until the next new or escalated panic, or turn the
// sound off (kept in storage). A browser that holds audio until a gesture leaves it blocked, and the
// top bar offers 'Enable sound'.
import { and, assign, enqueueActions, or, setup, type SnapshotFrom } from 'xstate';
import { alarmToneActor, prepareAudioActor, resumeAudioActor } from '../browser/alarm-tone.ts';
import { storePreference } from '../browser/storage.ts';
import { STORAGE_KEYS } from '../domain/preferences.ts';

export const TONE_INTERVAL_MS = 4_000;
export const ESCALATED_TONE_INTERVAL_MS = 1_500;

/** What the panic watch reports after each change: the counts, and whether a new panic just arrived. */
export interface PanicCounts {
  open: number;
  escalated: number;
}

export type AlarmEvent =
  | ({ type: 'alarm.counts'; newPanic: boolean } & PanicCounts)
  | { type: 'alarm.silence' }
  | { type: 'sound.toggle' }
  /** The operator's click on 'Enable sound': a gesture, so the browser now lets the page play. */
  | { type: 'sound.enable' };

export const alarmMachine = setup({
  types: {
    context: {} as PanicCounts & { soundPreferred: boolean },
    input: {} as { sound?: boolean },
    events: {} as AlarmEvent,
  },
  actors: {
    resumeAudio: resumeAudioActor,
    prepareAudio: prepareAudioActor,
    tone: alarmToneActor,
    storePreference,
  },
  actions: {
    storeCounts: assign((_, counts: PanicCounts) => counts),
    playTone: enqueueActions(({ enqueue }, tone: { escalated: boolean }) =>
      enqueue.spawnChild('tone', { input: tone }),
    ),
    persistSound: enqueueActions(({ enqueue }, { on }: { on: boolean }) =>
      enqueue.spawnChild('storePreference', { input: { key: STORAGE_KEYS.sound, value: on ? '1' : '0' } }),
    ),
  },
  guards: {
    soundPreferred: ({ context }) => context.soundPreferred,
    anyOpen: ({ context }) => context.open > 0,
    noneOpen: ({ context }) => context.open === 0,
    anyEscalated: ({ context }) => context.escalated > 0,
    noneEscalated: ({ context }) => context.escalated === 0,
    newPanic: ({ event }) => event.type === 'alarm.counts' && event.newPanic,
    /** A panic left unacknowledged that long is news again, even after Silence. */
    newlyEscalated: ({ context, event }) => event.type === 'alarm.counts' && event.escalated > context.escalated,
    audioRunning: (_, { state }: { state: 'running' | 'suspended' }) => state === 'running',
  },
  delays: {
    toneInterval: TONE_INTERVAL_MS,
    escalatedToneInterval: ESCALATED_TONE_INTERVAL_MS,
  },
}).createMachine({
  id: 'alarm',
  context: ({ input }) => ({ open: 0, escalated: 0, soundPreferred: input.sound ?? true }),
  initial: 'restoring',
  // The counts are kept in every state; the states below react to them.
  on: {
    'alarm.counts': {
      actions: { type: 'storeCounts', params: ({ event }) => ({ open: event.open, escalated: event.escalated }) },
    },
  },
  states: {
    restoring: { always: [{ guard: 'soundPreferred', target: 'on' }, { target: 'muted' }] },
    muted: {
      entry: { type: 'persistSound', params: { on: false } },
      on: { 'sound.toggle': 'on' },
    },
    on: {
      entry: { type: 'persistSound', params: { on: true } },
      on: { 'sound.toggle': 'muted' },
      initial: 'quiet',
      states: {
        quiet: { invoke: { src: 'prepareAudio' }, always: { guard: 'anyOpen', target: 'ringing' } },
        ringing: {
          tags: ['ringing'],
          always: { guard: 'noneOpen', target: 'quiet' },
          on: { 'alarm.silence': 'silenced' },
          initial: 'starting',
          states: {
            starting: {
              invoke: {
                id: 'resumeAudio',
                src: 'resumeAudio',
                onDone: [
                  {
                    guard: { type: 'audioRunning', params: ({ event }) => ({ state: event.output }) },
                    target: 'sounding',
                  },
                  { target: '#alarm.on.blocked' },
                ],
                onError: '#alarm.on.blocked',
              },
            },
            sounding: {
              initial: 'choosing',
              states: {
                choosing: { always: [{ guard: 'anyEscalated', target: 'escalated' }, { target: 'steady' }] },
                steady: {
                  entry: { type: 'playTone', params: { escalated: false } },
                  always: { guard: 'anyEscalated', target: 'escalated' },
                  after: { toneInterval: { target: 'steady', reenter: true } },
                },
                escalated: {
                  entry: { type: 'playTone', params: { escalated: true } },
                  // The last panic acknowledged ends the ringing: no steady tone on its way out.
                  always: { guard: and(['noneEscalated', 'anyOpen']), target: 'steady' },
                  after: { escalatedToneInterval: { target: 'escalated', reenter: true } },
                },
              },
            },
          },
        },
        // Quiet until the next new panic or escalation; every open panic being acknowledged ends it too.
        silenced: {
          always: { guard: 'noneOpen', target: 'quiet' },
          on: {
            'alarm.counts': {
              guard: or(['newPanic', 'newlyEscalated']),
              target: 'ringing',
              actions: {
                type: 'storeCounts',
                params: ({ event }) => ({ open: event.open, escalated: event.escalated }),
              },
            },
          },
        },
        blocked: {
          always: { guard: 'noneOpen', target: 'quiet' },
          on: { 'sound.enable': 'ringing' },
        },
      },
    },
  },
});

export type AlarmSnapshot = SnapshotFrom<typeof alarmMachine>;
export type AlarmMode = 'quiet' | 'ringing' | 'silenced' | 'muted' | 'blocked';

/** The alarm's mode as the page shows it (and as `data-alarm` tells browser tests). */
export function alarmMode(snapshot: Pick<AlarmSnapshot, 'matches'>): AlarmMode {
  if (snapshot.matches('muted')) return 'muted';
  if (snapshot.matches({ on: 'ringing' })) return 'ringing';
  if (snapshot.matches({ on: 'silenced' })) return 'silenced';
  if (snapshot.matches({ on: 'blocked' })) return 'blocked';
  return 'quiet';
}
