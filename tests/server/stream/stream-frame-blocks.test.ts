import { describe, expect, it } from 'vitest';
import { MAX_GPS_BATCH } from '../../../src/api/fields.ts';
import { blocksOf, frameCount, framesAfter, sliceWithin } from '../../../server/stream/frame-blocks.ts';

const events = [1, 2, 3, 4].map((seq) => ({ seq, json: `{"n":${seq}}` }));

/** A full /gps/batch as the stream carries it: ids and times of their longest usual length. */
const gpsBatch = Array.from({ length: MAX_GPS_BATCH }, (_, i) => ({
  seq: 1_000_000 + i,
  json: JSON.stringify({
    type: 'gps',
    ping: {
      touristId: `tourist-${crypto.randomUUID()}`,
      deviceId: `device-${crypto.randomUUID()}`,
      latitude: -33.123456789,
      longitude: 151.123456789,
      at: new Date().toISOString(),
    },
  }),
}));

describe('frame blocks', () => {
  it('keeps only the frames after a sequence, sharing the buffer', () => {
    const [block] = blocksOf(events);
    const rest = framesAfter(block, 2);
    expect(rest.seqs).toEqual([3, 4]);
    expect(rest.bytes.toString()).toBe('id: 3\ndata: {"n":3}\n\nid: 4\ndata: {"n":4}\n\n');
    expect(rest.offsets).toEqual([0, rest.bytes.length / 2, rest.bytes.length]);
    expect(rest.bytes.buffer).toBe(block.bytes.buffer);
  });

  it('answers the block itself when every frame is after the sequence', () => {
    const [block] = blocksOf(events);
    expect(framesAfter(block, 0)).toBe(block);
  });

  it('writes the shared buffer itself when the whole block fits, else a view of whole frames within the room', () => {
    const [block] = blocksOf(events);
    const frame = block.offsets[1];
    const whole = sliceWithin(block, 0, block.bytes.length);
    expect(whole.bytes).toBe(block.bytes);
    expect(whole).toMatchObject({ lastSeq: 4, next: 4 });
    const two = sliceWithin(block, 1, 2 * frame + 1);
    expect(two.bytes.toString()).toBe('id: 2\ndata: {"n":2}\n\nid: 3\ndata: {"n":3}\n\n');
    expect(two).toMatchObject({ lastSeq: 3, next: 3 });
    expect(two.bytes.buffer).toBe(block.bytes.buffer);
    // Never less than one frame, however little room is left.
    expect(sliceWithin(block, 3, 1)).toMatchObject({ lastSeq: 4, next: 4 });
    expect(sliceWithin(block, 3, 1).bytes.toString()).toBe('id: 4\ndata: {"n":4}\n\n');
  });

  it('puts a whole GPS batch in one block, so each client is written it once', () => {
    const blocks = blocksOf(gpsBatch);
    expect(blocks).toHaveLength(1);
    expect(frameCount(blocks)).toBe(MAX_GPS_BATCH);
  });

  it('serialises a catch-up only up to its byte budget, one frame past it at most', () => {
    const budget = 10_000;
    const blocks = blocksOf(gpsBatch, budget);
    const bytes = blocks.reduce((sum, block) => sum + block.bytes.length, 0);
    const { offsets } = blocks[blocks.length - 1];
    const lastFrame = offsets[offsets.length - 1] - offsets[offsets.length - 2];
    expect(bytes).toBeGreaterThanOrEqual(budget);
    expect(bytes).toBeLessThan(budget + lastFrame);
  });
});
