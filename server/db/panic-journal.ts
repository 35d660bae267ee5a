// PGlite writes its files without fsync, so a power cut could lose panics a phone was told are stored.
// Each accepted panic is also appended to a journal, on disk before the 201 (synchronous data writes, or an
// fdatasync where the system has none), and replayed (idempotently) into the store at the next start. Once the
// store's own files are synced, it is emptied.
import { constants, existsSync, readFileSync } from 'node:fs';
import { open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Alert, Incident } from '../../src/api/entities.ts';
import type { EarlyPanic } from '../ingest/early-panic.ts';
import { HttpError } from '../http/errors.ts';

/** A panic whose record could not be written (a full disk): 503, never a 201 for a panic not on disk. */
export class JournalUnwritable extends HttpError {
  constructor(cause: unknown) {
    super(503, 'The server cannot keep this panic now: its journal cannot be written. Send it again.', undefined, {
      'Retry-After': '5',
    });
    this.cause = cause;
  }
}

export interface JournaledPanic {
  answer: { alert: Alert; incident: Incident };
  idempotency?: { key: string; hash: string };
  /** Taken while the store was opening: the answer's ids are kept, its place is found when it is replayed. */
  early?: EarlyPanic;
}

export interface PanicJournal {
  /** Resolves once the record is on disk. */
  append(record: JournaledPanic): Promise<void>;
  /** Records of panics accepted since the store's files were last synced. */
  pending(): JournaledPanic[];
  /** True while the journal holds panics the store's files may not. */
  hasUnsynced(): boolean;
  /**
   * Seals what the journal holds, hands the sealed records to `settle` (which makes the store hold them:
   * puts back what it lacks, checkpoints), syncs the store's files, then forgets the sealed records.
   * Records appended meanwhile stay for the next compaction.
   */
  compact(settle: (sealed: JournaledPanic[]) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** With PostgreSQL the commit itself is durable: nothing to journal after it. */
export const noJournal: PanicJournal = {
  append: async () => {},
  pending: () => [],
  hasUnsynced: () => false,
  compact: async () => {},
  close: async () => {},
};

function readRecords(path: string): JournaledPanic[] {
  if (!existsSync(path)) return [];
  const records: JournaledPanic[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line) as JournaledPanic);
    } catch {
      // A line torn by a crash mid-append was never acknowledged: its phone retries.
    }
  }
  return records;
}

async function fsyncPath(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

/**
 * The live file takes synchronous data writes where the system offers them (O_DSYNC): a batch is on disk
 * once its one write returns. Every completion waits for a turn of the event loop, and under heavy reads a
 * turn is long (about 20 ms on 2 cores): a write and then an fdatasync cost a panic two turns, 40 ms at p50.
 */
const SYNCED_WRITES = constants.O_DSYNC !== undefined;
const LIVE_FILE_FLAGS = SYNCED_WRITES
  ? constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC
  : 'a';

/**
 * Appends `data` to a file `length` bytes long, or leaves it as it was: a full disk takes what fits in its
 * last block and refuses the rest, and a torn record left there would share its line with the next record,
 * which replay would then skip with it. Cutting a file shorter needs no room.
 */
async function appendWhole(file: FileHandle, data: string | Buffer, length: number): Promise<void> {
  try {
    await file.appendFile(data);
  } catch (error) {
    await file.truncate(length).catch(() => {});
    throw error;
  }
}

/** Files synced at once: enough to keep the disk and libuv's threads busy, few enough for any fd limit. */
const SYNCS_IN_FLIGHT = 16;

/** fsync every file and folder under `dir`, folders after their contents. */
export async function fsyncTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) if (entry.isDirectory()) await fsyncTree(join(dir, entry.name));
  const files = entries.filter((entry) => !entry.isDirectory()).map((entry) => join(dir, entry.name));
  for (let from = 0; from < files.length; from += SYNCS_IN_FLIGHT) {
    await Promise.all(files.slice(from, from + SYNCS_IN_FLIGHT).map(fsyncPath));
  }
  await fsyncPath(dir);
}

/**
 * A journal in `dataDir`. Appends that arrive while a sync is running share the next one, so a burst of
 * panics costs a few fdatasyncs, not one each. Without `storeDir` the store's commits are durable on their
 * own (PostgreSQL), so compaction has no files of its to sync.
 */
export async function openPanicJournal(
  dataDir: string,
  storeDir: string | undefined,
  name = 'panic-journal',
): Promise<PanicJournal> {
  const livePath = join(dataDir, `${name}.ndjson`);
  const sealedPath = join(dataDir, `${name}.sealed.ndjson`);
  // A new file's name is made durable with the first panic it holds, not before the server answers.
  let folderSynced = existsSync(livePath);
  let handle: FileHandle = await open(livePath, LIVE_FILE_FLAGS, 0o600);
  /** The live file's length after its last whole write: a write a full disk cut short is cut back to it. */
  let wholeLength = (await handle.stat()).size;
  let waiting: { line: string; done: (error?: unknown) => void }[] = [];
  let flushing: Promise<void> | undefined;
  let unsynced = existsSync(sealedPath) || readRecords(livePath).length > 0;
  // Writes to the live file and compaction's swap of it run one at a time, in call order.
  let fileLock: Promise<unknown> = Promise.resolve();
  let closing: Promise<void> | undefined;
  const withFile = <T>(work: () => Promise<T>): Promise<T> => {
    const run = fileLock.then(work, work);
    fileLock = run.catch(() => {});
    return run;
  };

  // Clears `flushing` in the turn in which it answers its last batch, so an append made as that answer arrives
  // starts a flush of its own: cleared a turn later (in a `.finally`), such an append waited for the next
  // panic to flush it, or for ever. It is called with a record waiting, so it always awaits before that.
  const flush = async (): Promise<void> => {
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          await withFile(async () => {
            const text = batch.map((entry) => entry.line).join('');
            await appendWhole(handle, text, wholeLength);
            wholeLength += Buffer.byteLength(text);
            if (!SYNCED_WRITES) await handle.datasync();
            if (!folderSynced) {
              await fsyncPath(dataDir);
              folderSynced = true;
            }
          });
          for (const entry of batch) entry.done();
        } catch (error) {
          for (const entry of batch) entry.done(error);
        }
      }
    } finally {
      flushing = undefined;
    }
  };

  return {
    append(record) {
      return new Promise<void>((resolve, reject) => {
        unsynced = true;
        waiting.push({ line: `${JSON.stringify(record)}\n`, done: (error) => (error ? reject(error) : resolve()) });
        flushing ??= flush();
      });
    },
    pending: () => [...readRecords(sealedPath), ...readRecords(livePath)],
    hasUnsynced: () => unsynced,
    async compact(settle) {
      // Seal what is there; panics accepted from now on go to a fresh live file.
      await withFile(async () => {
        unsynced = false;
        await handle.close();
        try {
          if (existsSync(sealedPath)) {
            const sealed = await open(sealedPath, 'a');
            try {
              await appendWhole(sealed, readFileSync(livePath), (await sealed.stat()).size);
              await sealed.sync();
            } finally {
              await sealed.close();
            }
            await unlink(livePath);
          } else {
            await rename(livePath, sealedPath);
          }
        } catch (error) {
          unsynced = true; // the live file was kept: its panics are sealed at the next compaction
          throw error;
        } finally {
          // A live file to append to whatever happened: one left closed would refuse every panic until a restart.
          handle = await open(livePath, LIVE_FILE_FLAGS, 0o600);
          wholeLength = (await handle.stat()).size;
        }
        await fsyncPath(dataDir);
      });
      try {
        await settle(readRecords(sealedPath));
        if (storeDir !== undefined) await fsyncTree(storeDir);
      } catch (error) {
        unsynced = true; // the sealed file stays, and is replayed at the next start
        throw error;
      }
      await unlink(sealedPath);
      await fsyncPath(dataDir);
    },
    close() {
      return (closing ??= (async () => {
        while (flushing) await flushing;
        await withFile(() => handle.close());
      })());
    },
  };
}
