// A journal that cannot be written (the disk under DATA_DIR full) refuses every panic that needs it, each
// answered 503 (JournalUnwritable). The log says so once, not once a panic: a line when its writes start
// failing, a reminder at most once a minute while they still fail, and a line when one succeeds again.
import type { PanicJournal } from '../db/panic-journal.ts';

export interface JournalWritesLog {
  error(details: object, message: string): void;
  warn(message: string): void;
}

const REMIND_EVERY_MS = 60_000;

/** What an append's failure says: its system error code where it has one (ENOSPC), else its message. */
const reasonOf = (error: unknown): string => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : String(message ?? error);
};

/** `journal`, its appends' failures and recovery told to `log` as above. `where`: the folder it is in. */
export function reportingWrites(
  journal: PanicJournal,
  log: JournalWritesLog,
  where: string,
  remindEveryMs = REMIND_EVERY_MS,
): PanicJournal {
  let failing = false;
  let refused = 0;
  let refusedSinceLine = 0;
  let lineAt = 0;
  const failed = (error: unknown) => {
    refused += 1;
    refusedSinceLine += 1;
    const now = performance.now();
    if (failing && now - lineAt < remindEveryMs) return;
    log.error(
      { err: error },
      failing
        ? `the panic journal in ${where} still cannot be written (${reasonOf(error)}): ${refusedSinceLine} panic(s) answered 503 since the last line`
        : `the panic journal in ${where} cannot be written (${reasonOf(error)}): panics that need it are answered 503 with Retry-After until it can; free space under ${where}`,
    );
    failing = true;
    lineAt = now;
    refusedSinceLine = 0;
  };
  const written = () => {
    if (!failing) return;
    log.warn(`the panic journal in ${where} can be written again; ${refused} panic(s) were answered 503 meanwhile`);
    failing = false;
    refused = 0;
    refusedSinceLine = 0;
  };
  return {
    ...journal,
    append: (record) =>
      journal.append(record).then(written, (error: unknown) => {
        failed(error);
        throw error;
      }),
  };
}
