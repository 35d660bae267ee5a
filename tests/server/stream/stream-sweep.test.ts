import { describe, expect, it } from 'vitest';
import { Sweep } from '../../../server/stream/sweep.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const fail = (member: unknown, error: unknown) => {
  throw new Error(`visit of ${String(member)} failed: ${String(error)}`);
};

describe('sweep', () => {
  it('visits the first slice at once and the rest a slice per turn, so other work runs between slices', async () => {
    const visited: string[] = [];
    const sweep = new Sweep(
      () => ['a', 'b', 'c', 'd', 'e'],
      (member: string) => (visited.push(member), 10),
      20,
      fail,
    );
    sweep.request();
    expect(visited).toEqual(['a', 'b']);
    await turn();
    expect(visited).toEqual(['a', 'b', 'c', 'd']);
    await sweep.settled();
    expect(visited).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('makes one more whole pass for a request during a pass, so members visited before it are visited again', async () => {
    const members = ['a', 'b', 'c', 'd'];
    const visits: string[] = [];
    const sweep = new Sweep(
      () => members,
      (member: string) => (visits.push(member), 10),
      20,
      fail,
    );
    sweep.request();
    sweep.request(); // still in the first pass: asks for one more, not a second pass beside it
    await turn();
    sweep.request();
    await sweep.settled();
    expect(visits).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
  });

  it('runs a pass that writes nothing in one turn, and starts the next request afresh', async () => {
    let visits = 0;
    const sweep = new Sweep(
      () => [1, 2, 3],
      () => (visits++, 0),
      1,
      fail,
    );
    sweep.request();
    expect(visits).toBe(3);
    await sweep.settled();
    sweep.request();
    expect(visits).toBe(6);
  });

  it('hands a member whose visit throws to `failed` and goes on with the others', async () => {
    const visited: string[] = [];
    const failed: [string, unknown][] = [];
    const sweep = new Sweep(
      () => ['a', 'b', 'c', 'd'],
      (member: string) => {
        if (member === 'b' || member === 'd') throw new Error(`no ${member}`);
        visited.push(member);
        return 10;
      },
      10,
      (member, error) => failed.push([member, error]),
    );
    sweep.request();
    await sweep.settled();
    expect(visited).toEqual(['a', 'c']);
    expect(failed.map(([member, error]) => `${member}: ${(error as Error).message}`)).toEqual(['b: no b', 'd: no d']);
  });
});
