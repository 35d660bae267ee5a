// A panic is answered 201 within its budget whatever the store does (issue 47): stored when the store takes
// it in time, else journaled (fsynced) and stored once the store answers again. A panic the store took
// late is stored once either way: the journaled copy has the same ids, and the replay skips what is stored.
import type { LatLng } from '../../src/domain/geo.ts';
import { isStoreUnavailableError } from '../db/store-errors.ts';
import type { StoreHealth } from '../db/store-health.ts';
import type { Placement } from '../stores/geofences.ts';
import type { EarlyPanic } from './early-panic.ts';
import type { JournalDesk } from './journal-desk.ts';
import type { IdempotencyClaim, PanicAnswer } from './panic.ts';

export interface PanicFallback {
  health: StoreHealth;
  /** The journal's desk at run time: it answers panics the store cannot take, and their retries. */
  desk: JournalDesk;
  /** Where a journaled panic is filed in its answer: from the zones and boundaries in memory. */
  placeFromMemory(point: LatLng): Placement;
  /** The desk took a panic: the store gets it as soon as it answers. */
  drainSoon(): void;
  /** How long a panic waits for the store before it is journaled (PANIC_STORE_WAIT_MS). */
  waitMs: number;
}

/** The moment by which the store must have taken a panic received now, on the monotonic clock. */
export const panicDeadline = (fallback: PanicFallback): number => performance.now() + fallback.waitMs;

/** Raised inside an attempt the journal answered for while it waited for a connection: it must not run late. */
class AbandonedAttempt extends Error {}

export async function storedOrJournaled<T>(
  fallback: PanicFallback,
  deadline: number,
  stored: (stillWanted: () => void) => Promise<T>,
  journaled: () => Promise<T>,
): Promise<T> {
  const journal = () => journalThenDrain(fallback, journaled);
  if (!fallback.health.available) return journal();
  let abandoned = false;
  const attempt = stored(() => {
    if (abandoned) throw new AbandonedAttempt('answered from the journal');
  });
  const outcome = await inTime(fallback, deadline, attempt);
  if (outcome) return outcome.value;
  abandoned = true;
  return journal();
}

/** `attempt`'s value if it settles by `deadline`; undefined if it is late or failed as a store that is away. */
async function inTime<T>(
  fallback: PanicFallback,
  deadline: number,
  attempt: Promise<T>,
): Promise<{ value: T } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()));
  });
  try {
    const first = await Promise.race([attempt.then((value) => ({ value })), late]);
    if (first !== 'late') return first;
    fallback.health.suspect();
    attempt.catch(() => {});
    return undefined;
  } catch (error) {
    if (isStoreUnavailableError(error)) return undefined;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A read a panic needs before its write (a band's last known position): its answer, or undefined when the
 * store is away or has not answered by `deadline`, and the panic is to be journaled as it came.
 */
export async function readInTime<T>(
  fallback: PanicFallback,
  deadline: number,
  read: () => Promise<T>,
): Promise<T | undefined> {
  if (!fallback.health.available) return undefined;
  return (await inTime(fallback, deadline, read()))?.value;
}

/** Journals a panic as it came (its position to be looked up when it is put back), filed from memory. */
export async function journalNow(
  fallback: PanicFallback,
  early: EarlyPanic,
  claim: IdempotencyClaim | undefined,
): Promise<PanicAnswer> {
  return journalThenDrain(fallback, () =>
    fallback.desk.accept(early, claim, { placement: fallback.placeFromMemory(early.request) }),
  );
}

/** A panic the journal answered: the store is to take it as soon as it answers. */
async function journalThenDrain<T>(fallback: PanicFallback, journaled: () => Promise<T>): Promise<T> {
  const answer = await journaled();
  fallback.drainSoon();
  return answer;
}
