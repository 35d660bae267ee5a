// Model-based: every state and transition of the alarm, replayed on the page with panics arriving,
// escalating and being acknowledged on the stream, the top bar's buttons, and the audio's answers.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alarmMachine,
  alarmMode,
  ESCALATED_TONE_INTERVAL_MS,
  TONE_INTERVAL_MS,
} from '../../src/machines/alarmMachine.ts';
import { titleFor } from '../../src/views/alarm/PanicSignals.tsx';
import { renderAlarmPage, type AlarmPage } from '../views/support/alarm-page.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const MAX_OPEN = 2;
const model = alarmMachine.provide({ actions: { playTone: () => {}, persistSound: () => {} } });
type Snapshot = ReturnType<typeof model.resolveState>;

/** What can happen to the panics next: one arrives, one escalates, one is acknowledged (by anyone). */
function panicUpdates(snapshot: Snapshot) {
  const { open, escalated } = snapshot.context;
  const updates = [];
  if (open < MAX_OPEN) updates.push({ type: 'alarm.counts' as const, open: open + 1, escalated, newPanic: true });
  if (open > 0 && escalated === 0) updates.push({ type: 'alarm.counts' as const, open, escalated: 1, newPanic: false });
  if (open > 0) {
    const closesEscalated = open === escalated;
    updates.push({
      type: 'alarm.counts' as const,
      open: open - 1,
      escalated: closesEscalated ? escalated - 1 : escalated,
      newPanic: false,
    });
  }
  // The escalated one acknowledged while a calmer one stays open.
  if (escalated > 0 && open > escalated)
    updates.push({ type: 'alarm.counts' as const, open: open - 1, escalated: escalated - 1, newPanic: false });
  return updates;
}

// From each way the page may start: the Sound switch left on, or off.
const walks = transitionWalks(model, {
  samples: {
    'alarm.counts': panicUpdates,
    'xstate.done.actor.resumeAudio': [
      { type: 'xstate.done.actor.resumeAudio', output: 'running' },
      { type: 'xstate.done.actor.resumeAudio', output: 'suspended' },
    ] as never,
  },
  inputs: [{ sound: true }, { sound: false }],
  serializeState: (s) => `${JSON.stringify(s.value)} open=${s.context.open} escalated=${s.context.escalated}`,
});
console.log(`alarm model: ${walks.length} walks cover every state and transition`);
type Walk = (typeof walks)[number];

const nameOf = (walk: Walk) =>
  `${(walk.input as { sound: boolean }).sound ? 'sound on' : 'sound off'}: ${describeWalk(walk, (event) =>
    event.type === 'alarm.counts'
      ? `panics(open ${event.open}, escalated ${event.escalated}${event.newPanic ? ', new' : ''})`
      : 'output' in event
        ? `${event.type}(${String(event.output)})`
        : event.type,
  )}`;

const soundingAs = (s: Snapshot) =>
  s.matches({ on: { ringing: { sounding: 'escalated' } } })
    ? 'escalated'
    : s.matches({ on: { ringing: { sounding: 'steady' } } })
      ? 'steady'
      : undefined;

async function perform(
  page: AlarmPage,
  event: Walk['steps'][number]['event'],
  open: { id: string; escalated: boolean }[],
) {
  const user = userEvent.setup();
  switch (event.type) {
    case 'alarm.counts': {
      if (event.newPanic) open.unshift({ id: page.arrive().id, escalated: false });
      else if (event.open < open.length) {
        const escalatedCloses = event.escalated < open.filter((p) => p.escalated).length;
        const closing = open.find((p) => p.escalated === escalatedCloses) ?? open[0]!;
        open.splice(open.indexOf(closing), 1);
        page.acknowledge(closing.id);
      } else {
        const escalating = open.find((p) => !p.escalated)!;
        escalating.escalated = true;
        page.escalate(escalating.id);
      }
      return settle();
    }
    case 'alarm.silence':
      return user.click(screen.getByRole('button', { name: 'Silence' }));
    case 'sound.toggle':
      return user.click(screen.getByRole('switch', { name: 'Sound' }));
    case 'sound.enable':
      return user.click(screen.getByRole('button', { name: 'Enable sound' }));
    case 'xstate.done.actor.resumeAudio':
      page.resume.succeed((event as unknown as { output: string }).output);
      return settle();
    case 'xstate.error.actor.resumeAudio':
      page.resume.fail();
      return settle();
    default:
      if (event.type.startsWith('xstate.after.toneInterval')) return page.fireTimer(TONE_INTERVAL_MS);
      if (event.type.startsWith('xstate.after.escalatedToneInterval'))
        return page.fireTimer(ESCALATED_TONE_INTERVAL_MS);
      throw new Error(`no way to perform ${event.type} on the page`);
  }
}

function expectPageShows(snapshot: Snapshot) {
  const mode = alarmMode(snapshot);
  expect(document.documentElement.dataset.alarm).toBe(mode);
  expect(screen.queryByRole('button', { name: 'Silence' }) !== null, 'Silence shown').toBe(mode === 'ringing');
  expect(screen.queryByRole('button', { name: 'Enable sound' }) !== null, 'Enable sound shown').toBe(
    mode === 'blocked',
  );
  expect((screen.getByRole('switch', { name: 'Sound' }) as HTMLInputElement).checked).toBe(mode !== 'muted');
  expect(localStorage.getItem('dash.sound')).toBe(mode === 'muted' ? '0' : '1');
  expect(document.title).toBe(titleFor(snapshot.context.open, 'Panic Alerts Dashboard'));
}

describe('the alarm on the page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [nameOf(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const { sound } = path.input as { sound: boolean };
      if (!sound) localStorage.setItem('dash.sound', '0');
      const page = await renderAlarmPage();
      const open: { id: string; escalated: boolean }[] = [];
      let previous = model.resolveState({
        value: sound ? { on: 'quiet' } : 'muted',
        context: { open: 0, escalated: 0, soundPreferred: sound },
      });
      expectPageShows(previous);
      for (const { event, state } of path.steps) {
        const tonesBefore = page.tones.length;
        await perform(page, event, open);
        expectPageShows(state);
        // A tone each time the alarm starts sounding, changes pace, or its interval comes round; none otherwise.
        const sounding = soundingAs(state);
        const toneDue =
          sounding !== undefined && (sounding !== soundingAs(previous) || event.type.startsWith('xstate.after.'));
        expect(page.tones.slice(tonesBefore)).toEqual(toneDue ? [{ escalated: sounding === 'escalated' }] : []);
        previous = state;
      }
    },
    WALK_TIMEOUT_MS,
  );

  it('Silence holds until the silenced panic escalates: then the faster tone rings', async () => {
    const page = await renderAlarmPage();
    const panic = page.arrive();
    page.resume.succeed('running');
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    await settle();
    expect(document.documentElement.dataset.alarm).toBe('silenced');
    const tonesBefore = page.tones.length;
    page.escalate(panic.id);
    await settle();
    page.resume.succeed('running');
    await settle();
    expect(document.documentElement.dataset.alarm).toBe('ringing');
    expect(page.tones.slice(tonesBefore)).toEqual([{ escalated: true }]);
  });

  it('starts muted when the Sound switch was left off, and rings for nothing until it is on again', async () => {
    localStorage.setItem('dash.sound', '0');
    const page = await renderAlarmPage();
    page.arrive();
    await settle();
    expect(document.documentElement.dataset.alarm).toBe('muted');
    expect(page.resume.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('switch', { name: 'Sound' }));
    page.resume.succeed('running');
    await settle();
    expect(document.documentElement.dataset.alarm).toBe('ringing');
    expect(page.tones).toEqual([{ escalated: false }]);
  });
});
