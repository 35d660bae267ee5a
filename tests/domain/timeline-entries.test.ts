import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../src/api/responses.ts';
import { withEntry } from '../../src/domain/timeline-entries.ts';

const raised: TimelineEntry = { at: '2026-03-01T10:00:00.000Z', actor: 'sim-tourist-01', action: 'raised' };
const noted: TimelineEntry = { at: '2026-03-01T10:05:00.000Z', actor: 'asha', action: 'note', note: 'Called back' };
const acknowledged: TimelineEntry = { at: '2026-03-01T10:02:00.000Z', actor: 'asha', action: 'acknowledged' };

describe('withEntry', () => {
  it("shows a step heard twice (the write's answer, then the stream) once", () => {
    const once = withEntry([raised], noted);
    expect(withEntry(once, { ...noted })).toEqual([raised, noted]);
  });

  it('puts a step that arrives late where its time says, without changing the timeline it was given', () => {
    const timeline = [raised, noted];
    expect(withEntry(timeline, acknowledged)).toEqual([raised, acknowledged, noted]);
    expect(timeline).toEqual([raised, noted]);
  });

  it('keeps two steps of the same moment that differ in their note', () => {
    expect(withEntry([noted], { ...noted, note: 'On the way' })).toHaveLength(2);
  });
});
