import { describe, expect, it } from 'vitest';
import { blocksOf, framesAfter } from '../../server/stream/frame-blocks.ts';

const events = [1, 2, 3, 4].map((seq) => ({ seq, json: `{"n":${seq}}` }));

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
});
