// The pause dialog's rules (issue 32 point 4): 07:00 the coming morning on the region's clock (Asia/Kolkata,
// and a zone with daylight saving), two hours, a chosen date-time, a required reason, and the drawer's sentence.
import { describe, expect, it } from 'vitest';
import {
  chosenInstant,
  nextMorning,
  pauseRequest,
  pauseStepNote,
  readPauseStepNote,
  watchStateSentence,
  type PauseForm,
} from '../../src/domain/watch-pause.ts';

const KOLKATA = 'Asia/Kolkata';
const form = (changes: Partial<PauseForm>): PauseForm => ({
  until: 'twoHours',
  chosen: '',
  reason: 'Checked in at a hotel',
  otherReason: '',
  ...changes,
});

describe('07:00 the coming morning', () => {
  it('in Kolkata (UTC+05:30): from the evening, the next day at 07:00 local', () => {
    // 21:00 IST on 26 Nov
    expect(nextMorning(new Date('2026-11-26T15:30:00Z'), KOLKATA).toISOString()).toBe('2026-11-27T01:30:00.000Z');
  });

  it('after midnight, this morning; at 07:00 exactly, tomorrow', () => {
    // 02:00 IST on 27 Nov
    expect(nextMorning(new Date('2026-11-26T20:30:00Z'), KOLKATA).toISOString()).toBe('2026-11-27T01:30:00.000Z');
    // 07:00 IST on 27 Nov
    expect(nextMorning(new Date('2026-11-27T01:30:00Z'), KOLKATA).toISOString()).toBe('2026-11-28T01:30:00.000Z');
  });

  it('across a month end and in a zone with daylight saving (Europe/Berlin, the night the clocks go back)', () => {
    expect(nextMorning(new Date('2026-11-30T20:00:00Z'), KOLKATA).toISOString()).toBe('2026-12-01T01:30:00.000Z');
    // 22:00 CEST on 24 Oct 2026; 25 Oct 07:00 is CET (UTC+1)
    expect(nextMorning(new Date('2026-10-24T20:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
    // 22:00 CET on 28 Mar 2026; 29 Mar 07:00 is CEST (UTC+2)
    expect(nextMorning(new Date('2026-03-28T21:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
  });
});

describe('what the dialog sends', () => {
  const now = new Date('2026-11-26T15:30:00Z');

  it("two hours from now, the coming 07:00, or the chosen time on the region's clock", () => {
    expect(pauseRequest(form({}), now, KOLKATA)).toEqual({
      until: '2026-11-26T17:30:00.000Z',
      reason: 'Checked in at a hotel',
    });
    expect(pauseRequest(form({ until: 'morning', reason: 'Phone left charging' }), now, KOLKATA)).toEqual({
      until: '2026-11-27T01:30:00.000Z',
      reason: 'Phone left charging',
    });
    expect(pauseRequest(form({ until: 'chosen', chosen: '2026-11-27T09:15' }), now, KOLKATA)).toEqual({
      until: '2026-11-27T03:45:00.000Z',
      reason: 'Checked in at a hotel',
    });
    expect(chosenInstant('2026-11-27T09:15', 'UTC')?.toISOString()).toBe('2026-11-27T09:15:00.000Z');
  });

  it('a typed reason, trimmed; none, or a chosen time missing or past, is refused with a sentence', () => {
    expect(
      pauseRequest(form({ reason: 'other', otherReason: '  Sleeping at the monastery ' }), now, KOLKATA),
    ).toMatchObject({ reason: 'Sleeping at the monastery' });
    expect(pauseRequest(form({ reason: 'other', otherReason: '   ' }), now, KOLKATA)).toEqual({
      error: 'Give a reason for the pause.',
    });
    expect(pauseRequest(form({ until: 'chosen', chosen: '' }), now, KOLKATA)).toEqual({
      error: 'Choose the date and time the pause ends.',
    });
    expect(pauseRequest(form({ until: 'chosen', chosen: '2026-11-26T20:00' }), now, KOLKATA)).toEqual({
      error: 'The pause must end in the future.',
    });
  });
});

describe("the drawer's sentence", () => {
  const now = new Date('2026-11-26T15:30:00Z');
  const pause = {
    touristId: 't-1',
    until: '2026-11-27T01:30:00.000Z',
    reason: 'Checked in at a hotel',
    by: 'op1',
    createdAt: now.toISOString(),
  };

  it("names the end on the region's clock, the reason and who paused", () => {
    expect(watchStateSentence(pause, new Date('2026-11-26T20:00:00Z'), KOLKATA)).toBe(
      'Watch paused until 07:00 — Checked in at a hotel (by op1)',
    );
    expect(watchStateSentence(pause, now, KOLKATA)).toBe(
      'Watch paused until 27 Nov, 07:00 — Checked in at a hotel (by op1)',
    );
  });

  it('says the tourist is watched when no pause runs or it has ended', () => {
    expect(watchStateSentence(null, now, KOLKATA)).toBe('Watched: silence and standing still raise incidents.');
    expect(watchStateSentence(pause, new Date(pause.until), KOLKATA)).toBe(
      'Watched: silence and standing still raise incidents.',
    );
  });
});

describe("the timeline step's note", () => {
  it('is read back as the server wrote it, a reason with colons and lines included; another shape is not', () => {
    const note = pauseStepNote('2026-11-27T01:30:00.000Z', 'Hotel: room 12\nback at 8');
    expect(note).toBe('until 2026-11-27T01:30:00.000Z: Hotel: room 12\nback at 8');
    expect(readPauseStepNote(note)).toEqual({ until: '2026-11-27T01:30:00.000Z', reason: 'Hotel: room 12\nback at 8' });
    expect(readPauseStepNote('Called the tourist')).toBeUndefined();
    expect(readPauseStepNote('until tomorrow: hotel')).toBeUndefined();
  });
});
