import { describe, expect, it } from 'vitest';
import type { GpsHistory, GpsPing } from '../../src/api/entities.ts';
import {
  COMPACT_MIN_EMPTY_SLOTS,
  TRAIL_CAP,
  emptyLiveFrame,
  legendOf,
  nextLiveFrame,
  type LiveFrame,
} from '../../src/map/live-frame.ts';
import { GPS_PALETTE } from '../../src/map/style.ts';
import { ping } from './fixtures.ts';

const noHistory: GpsHistory = {};
const keysOf = (frame: LiveFrame) => frame.pings.map((row) => (row.ping ? row.key : null));

describe('live frame: ping rows', () => {
  it('keeps one row per key, newest ping first wins, anonymous pings keyed anon', () => {
    const frame = nextLiveFrame(
      emptyLiveFrame,
      [ping('t1', 1, 2), ping(null, 3, 4, 'd1'), ping('t1', 9, 9), ping(null, 5, 6)],
      noHistory,
    );
    expect(frame.pings.map((row) => [row.key, row.position])).toEqual([
      ['t1', [2, 1]],
      ['d1', [4, 3]],
      ['anon', [6, 5]],
    ]);
  });

  it('skips pings without numeric coordinates', () => {
    const bad = { ...ping('t2', 0, 0), latitude: Number.NaN };
    const frame = nextLiveFrame(emptyLiveFrame, [ping('t1', 1, 2), bad as GpsPing], noHistory);
    expect(frame.pings.map((row) => row.key)).toEqual(['t1']);
  });

  it('keeps each key at its index while the newest-first order of the list changes', () => {
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1), ping('b', 2, 2), ping('c', 3, 3)], noHistory);
    const second = nextLiveFrame(first, [ping('c', 3.5, 3.5), ping('a', 1, 1), ping('b', 2, 2)], noHistory);
    expect(keysOf(second)).toEqual(['a', 'b', 'c']);
    expect(second.pings[2]!.position).toEqual([3.5, 3.5]);
    expect(second.glide).toBe(true);
  });

  it('reuses unchanged rows, so only moved keys are new objects', () => {
    const pa = ping('a', 1, 1);
    const first = nextLiveFrame(emptyLiveFrame, [pa, ping('b', 2, 2)], noHistory);
    const second = nextLiveFrame(first, [ping('b', 2.5, 2), pa], noHistory);
    expect(second.pings[0]).toBe(first.pings[0]);
    expect(second.pings[1]).not.toBe(first.pings[1]);
  });

  it('hides a departed key in place and appends new keys, so no marker glides from another key’s spot', () => {
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1), ping('b', 2, 2), ping('c', 3, 3)], noHistory);
    const second = nextLiveFrame(first, [ping('a', 1, 1), ping('c', 3, 3), ping('d', 4, 4)], noHistory);
    expect(keysOf(second)).toEqual(['a', null, 'c', 'd']);
    expect(second.pings[1]!.position).toEqual([2, 2]);
    expect(second.glide).toBe(true);
  });

  it('at thousands of devices, a message about one key leaves every other row object as it was', () => {
    const pings = Array.from({ length: 5000 }, (_, i) => ping(`device-${i}`, i / 1000, i / 1000));
    const first = nextLiveFrame(emptyLiveFrame, pings, noHistory);
    const moved = ping('device-2500', 9, 9);
    const second = nextLiveFrame(first, [moved, ...pings.filter((_, i) => i !== 2500)], noHistory);
    expect(second.pings).toHaveLength(5000);
    const changed = second.pings.flatMap((row, i) => (row === first.pings[i] ? [] : [i]));
    expect(changed).toEqual([2500]);
    expect(second.pings[2500]!.position).toEqual([9, 9]);
  });

  it('returns the same frame when nothing changed', () => {
    const pings = [ping('a', 1, 1)];
    const first = nextLiveFrame(emptyLiveFrame, pings, noHistory);
    expect(nextLiveFrame(first, pings, noHistory)).toBe(first);
  });

  it('keeps its rows and trails arrays when a new list holds nothing new (deck.gl redraws for a new array)', () => {
    const empty = nextLiveFrame(emptyLiveFrame, [], {});
    const again = nextLiveFrame(empty, [], {});
    expect(again.pings).toBe(empty.pings);
    expect(again.trails).toBe(empty.trails);

    const pa = ping('a', 1, 1);
    const first = nextLiveFrame(emptyLiveFrame, [pa], noHistory);
    expect(nextLiveFrame(first, [pa], noHistory).pings).toBe(first.pings);
    expect(nextLiveFrame(first, [ping('a', 1, 1)], noHistory).pings).not.toBe(first.pings);
  });

  it('does not compact while hidden slots are few', () => {
    const many = Array.from({ length: COMPACT_MIN_EMPTY_SLOTS + 2 }, (_, i) => ping(`k${i}`, i, i));
    const full = nextLiveFrame(emptyLiveFrame, many, noHistory);
    const fewer = nextLiveFrame(full, [ping('k5', 5, 5), ping('k1', 1, 1)], noHistory);
    expect(fewer.pings).toHaveLength(COMPACT_MIN_EMPTY_SLOTS + 2);
    expect(fewer.glide).toBe(true);
  });

  it('compacts hidden slots once they outnumber the live keys, and then jumps instead of gliding', () => {
    const many = Array.from({ length: COMPACT_MIN_EMPTY_SLOTS + 3 }, (_, i) => ping(`k${i}`, i, i));
    const full = nextLiveFrame(emptyLiveFrame, many, noHistory);
    const fewer = nextLiveFrame(full, [ping('k5', 5, 5), ping('k1', 1, 1)], noHistory);
    expect(keysOf(fewer)).toEqual(['k1', 'k5']);
    expect(fewer.glide).toBe(false);
    const after = nextLiveFrame(fewer, [ping('k5', 6, 6), ping('k1', 1, 1)], noHistory);
    expect(after.glide).toBe(true);
  });
});

describe('live frame: colours', () => {
  it('cycles the 6-colour palette by key index', () => {
    const pings = Array.from({ length: 8 }, (_, i) => ping(`k${i}`, i, i));
    const frame = nextLiveFrame(emptyLiveFrame, pings, noHistory);
    frame.pings.forEach((row, i) => expect(row.colour).toEqual(GPS_PALETTE[i % 6]));
  });

  it('keeps a key’s colour while other keys come and go', () => {
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1), ping('b', 2, 2), ping('c', 3, 3)], noHistory);
    const colourOfC = first.pings[2]!.colour;
    const second = nextLiveFrame(first, [ping('c', 3, 3), ping('d', 4, 4)], noHistory);
    const third = nextLiveFrame(second, [ping('e', 5, 5), ping('c', 3, 3), ping('a', 1, 1)], noHistory);
    const rowOf = (frame: LiveFrame, key: string) => frame.pings.find((row) => row.key === key && row.ping)!;
    expect(rowOf(third, 'c').colour).toEqual(colourOfC);
    expect(rowOf(third, 'a').colour).toEqual(GPS_PALETTE[0]);
    expect(rowOf(second, 'd').colour).toEqual(GPS_PALETTE[3]);
    expect(rowOf(third, 'e').colour).toEqual(GPS_PALETTE[4]);
  });

  it('gives a trail the colour of its key’s marker', () => {
    const history: GpsHistory = {
      b: [
        { latitude: 1, longitude: 2, at: '' },
        { latitude: 3, longitude: 4, at: '' },
      ],
    };
    const frame = nextLiveFrame(emptyLiveFrame, [ping('a', 0, 0), ping('b', 3, 4)], history);
    expect(frame.trails).toEqual([
      {
        key: 'b',
        path: [
          [2, 1],
          [4, 3],
        ],
        colour: frame.pings[1]!.colour,
      },
    ]);
    expect(frame.pings[1]!.colour).toEqual(GPS_PALETTE[1]);
  });

  it('keeps the trail rows when only pings changed', () => {
    const history: GpsHistory = { a: [{ latitude: 1, longitude: 1, at: '' }] };
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1)], history);
    const second = nextLiveFrame(first, [ping('a', 2, 2)], history);
    expect(second.trails).toBe(first.trails);
  });

  it(`draws the trails of the first ${TRAIL_CAP} keys seen only, and counts the rest`, () => {
    const keys = Array.from({ length: TRAIL_CAP + 20 }, (_, i) => `device-${i}`);
    const history: GpsHistory = Object.fromEntries(
      [...keys].reverse().map((key) => [key, [{ latitude: 1, longitude: 1, at: '' }]]),
    );
    const frame = nextLiveFrame(
      emptyLiveFrame,
      keys.map((key) => ping(key, 1, 1)),
      history,
    );
    expect(frame.trails).toHaveLength(TRAIL_CAP);
    expect(new Set(frame.trails.map((trail) => trail.key))).toEqual(new Set(keys.slice(0, TRAIL_CAP)));
    expect(frame.trailsHidden).toBe(20);
    const legend = legendOf(frame);
    expect(legend.trailsHidden).toBe(20);
    expect(legend.more).toBe(TRAIL_CAP + 20 - 10);
  });
});

describe('legend', () => {
  it('lists the first 10 live keys with their colours, then +N more', () => {
    const pings = Array.from({ length: 13 }, (_, i) => ping(`k${i}`, i, i));
    const legend = legendOf(nextLiveFrame(emptyLiveFrame, pings, noHistory));
    expect(legend.entries.map((entry) => entry.key)).toEqual([
      'k0',
      'k1',
      'k2',
      'k3',
      'k4',
      'k5',
      'k6',
      'k7',
      'k8',
      'k9',
    ]);
    expect(legend.entries[7]!.colour).toEqual(GPS_PALETTE[1]);
    expect(legend.more).toBe(3);
  });

  it('drops keys that left and counts keys that only have a trail', () => {
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1), ping('b', 2, 2)], noHistory);
    const second = nextLiveFrame(first, [ping('b', 2, 2)], { t: [{ latitude: 0, longitude: 0, at: '' }] });
    expect(legendOf(second)).toEqual({
      entries: [
        { key: 'b', colour: GPS_PALETTE[1] },
        { key: 't', colour: GPS_PALETTE[2] },
      ],
      more: 0,
      trailsHidden: 0,
    });
  });
});
