// The panic journal on a real small file system filled to the last block: an append the disk cuts short
// leaves no torn record behind, and a compaction that meets the full disk keeps every record and leaves
// the journal taking appends once there is room.
import { describe, expect, it } from 'vitest';
import type { JournaledPanic, PanicJournal } from '../../../server/db/panic-journal.ts';
import { journalOnSmallDisk, mountRefusal } from '../../helpers/small-disk.ts';

const refusal = mountRefusal();
const skipped = refusal ? ` (skipped: ${refusal})` : '';

/** Records of a few KiB, so that one crosses a block boundary when the disk is full. */
const record = (n: number): JournaledPanic =>
  ({ answer: { incident: { id: `inc-${n}`, note: 'x'.repeat(1500 + n * 7) } } }) as unknown as JournaledPanic;
const idsIn = (journal: PanicJournal) => journal.pending().map((kept) => kept.answer.incident.id);

describe.skipIf(refusal !== undefined)(`the panic journal on a full disk${skipped}`, () => {
  const small = journalOnSmallDisk(2);

  it('an append the disk cuts short is cut back whole; the next append after room is replayed', async () => {
    const { disk, journal } = small;
    await journal.append(record(0));
    disk.fillAll();
    let refused = 1;
    for (; refused < 50; refused++) {
      const failed = await journal.append(record(refused)).then(
        () => false,
        () => true,
      );
      if (failed) break;
    }
    expect(refused).toBeLessThan(50);
    disk.empty();
    await journal.append(record(100));
    expect(idsIn(journal)).toEqual([...Array(refused).keys()].map((n) => `inc-${n}`).concat('inc-100'));
  });

  it('a compaction that meets the full disk keeps every record, and the journal appends again once there is room', async () => {
    const { disk, journal } = small;
    const before = idsIn(journal);
    // A settle that fails (the store went away) leaves the sealed file, which the next compaction appends to.
    await expect(
      journal.compact(async () => {
        throw new Error('the store went away');
      }),
    ).rejects.toThrow('the store went away');
    // More than a block to append to the sealed file, so it cannot fit in what is left of its last one.
    const waiting = [200, 201, 202, 203];
    for (const n of waiting) await journal.append(record(n));
    disk.fillAll();
    await expect(journal.compact(async () => {})).rejects.toMatchObject({ code: 'ENOSPC' });
    disk.empty();
    await journal.append(record(204));
    const all = [...before, ...[...waiting, 204].map((n) => `inc-${n}`)];
    expect(idsIn(journal)).toEqual(all);
    expect(journal.hasUnsynced()).toBe(true);
    let settled: string[] = [];
    await journal.compact(async (sealed) => {
      settled = sealed.map((kept) => kept.answer.incident.id);
    });
    expect(settled).toEqual(all);
    expect(journal.pending()).toEqual([]);
  });
});
