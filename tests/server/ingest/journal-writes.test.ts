// A panic journal on a full disk is logged once, not once a panic: a line when its writes start failing,
// reminders no more often than asked, a line when one succeeds again (a real journal on a filled tmpfs).
import { describe, expect, it } from 'vitest';
import type { JournaledPanic, PanicJournal } from '../../../server/db/panic-journal.ts';
import { reportingWrites } from '../../../server/ingest/journal-writes.ts';
import { journalOnSmallDisk, mountRefusal } from '../../helpers/small-disk.ts';

const refusal = mountRefusal();
const skipped = refusal ? ` (skipped: ${refusal})` : '';
const HOUR_MS = 3_600_000;

const record = (n: number): JournaledPanic =>
  ({ answer: { incident: { id: `inc-${n}`, note: 'x'.repeat(5000) } } }) as unknown as JournaledPanic;

/** A log that keeps its lines, as `level message`. */
function keptLog() {
  const lines: string[] = [];
  return {
    lines,
    error: (_details: object, message: string) => void lines.push(`error ${message}`),
    warn: (message: string) => void lines.push(`warn ${message}`),
  };
}

/** Appends `count` records; answers how many were refused. */
async function appendAll(journal: PanicJournal, from: number, count: number): Promise<number> {
  let refused = 0;
  for (let n = from; n < from + count; n++) await journal.append(record(n)).catch(() => (refused += 1));
  return refused;
}

describe.skipIf(refusal !== undefined)(`the journal's writes in the log${skipped}`, () => {
  const small = journalOnSmallDisk(1);

  it('one line when the writes fail, none more within the reminder interval, one when they succeed again', async () => {
    const { disk, journal: file } = small;
    const log = keptLog();
    const journal = reportingWrites(file, log, disk.dir, HOUR_MS);
    disk.fillAll();
    expect(await appendAll(journal, 0, 5)).toBe(5);
    expect(log.lines).toEqual([
      expect.stringMatching(/^error the panic journal in .* cannot be written \(ENOSPC\): panics that need it/),
    ]);
    disk.empty();
    expect(await appendAll(journal, 5, 2)).toBe(0);
    expect(log.lines.slice(1)).toEqual([
      `warn the panic journal in ${disk.dir} can be written again; 5 panic(s) were answered 503 meanwhile`,
    ]);
  });

  it('a reminder with the number refused since the last line, once the interval has passed', async () => {
    const { disk, journal: file } = small;
    const log = keptLog();
    const journal = reportingWrites(file, log, disk.dir, 0);
    disk.fillAll();
    expect(await appendAll(journal, 10, 3)).toBe(3);
    expect(log.lines.slice(1)).toEqual([
      `error the panic journal in ${disk.dir} still cannot be written (ENOSPC): 1 panic(s) answered 503 since the last line`,
      `error the panic journal in ${disk.dir} still cannot be written (ENOSPC): 1 panic(s) answered 503 since the last line`,
    ]);
    disk.empty();
  });
});
