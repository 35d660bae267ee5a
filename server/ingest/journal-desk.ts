// While the store cannot take a panic (it is still opening, or it is away), the panic journal is the only
// store: a panic is answered once its record is on disk, and a repeated Idempotency-Key gets the first
// answer the journal holds for it, until the store holds that panic.
import { JournalUnwritable, type JournaledPanic, type PanicJournal } from '../db/panic-journal.ts';
import { HttpError } from '../http/errors.ts';
import type { Placement } from '../stores/geofences.ts';
import { serverClock } from '../domain/server-clock.ts';
import { earlyPanicAnswer, type EarlyPanic } from './early-panic.ts';
import { panicIds, type IdempotencyClaim, type PanicAnswer, type PanicIds } from './panic.ts';

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request body.';

export interface JournaledAnswer {
  /** Where it is filed in the answer: from memory at run time; `default` while the store opens. */
  placement?: Placement;
  ids?: PanicIds;
  receivedAt?: string;
}

export class JournalDesk {
  private readonly firstAnswers = new Map<string, { hash: string; answer: Promise<PanicAnswer> }>();
  /** What this desk answered and the store does not hold yet, by incident id: operators see them meanwhile. */
  private readonly unstored = new Map<string, PanicAnswer>();
  private readonly listeners = new Set<(answer: PanicAnswer) => void>();
  private closed = false;

  /**
   * `remembers` picks the journal's records whose keys it answers again (at start, all of them). A journal
   * that cannot be written is logged where it is opened (journal-writes.ts), once, not here once a panic.
   */
  constructor(
    readonly journal: PanicJournal,
    remembers: (record: JournaledPanic) => boolean = () => true,
  ) {
    for (const record of journal.pending()) if (remembers(record)) this.remember(record);
  }

  /** The first answer to this key, while the journal holds it and the store may not; 422 for another body. */
  answerFor(claim: IdempotencyClaim | undefined): Promise<PanicAnswer> | undefined {
    const first = claim && this.firstAnswers.get(claim.key);
    if (!first) return undefined;
    if (first.hash !== claim.hash) return Promise.reject(new HttpError(422, KEY_REUSED_MESSAGE));
    return first.answer;
  }

  /** Journals a panic the store cannot take and answers it, with ids and a receive time it keeps once stored. */
  accept(early: EarlyPanic, claim?: IdempotencyClaim, given: JournaledAnswer = {}): Promise<PanicAnswer> {
    const first = this.answerFor(claim);
    if (first) return first;
    if (this.closed) {
      // Its body arrived after the store took over: not journaled, so the phone's retry reaches the store.
      return Promise.reject(
        new HttpError(503, 'The server has just started; send the panic again.', undefined, { 'Retry-After': '1' }),
      );
    }
    // With a key, the ids are the key's: a retry of a panic the store took just before a crash names that panic.
    const answer = earlyPanicAnswer(
      early,
      given.receivedAt ?? serverClock.iso(),
      given.ids ?? panicIds(claim),
      given.placement,
    );
    const written = this.journal
      .append({ answer, idempotency: claim && { key: claim.key, hash: claim.hash }, early })
      .then(
        () => {
          this.unstored.set(answer.incident.id, answer);
          for (const listener of this.listeners) listener(answer);
          return answer;
        },
        (error: unknown) => {
          throw new JournalUnwritable(error);
        },
      );
    if (claim) {
      this.firstAnswers.set(claim.key, { hash: claim.hash, answer: written });
      written.catch(() => this.firstAnswers.delete(claim.key));
    }
    return written;
  }

  /** The store now holds these records' panics: their keys are the store's to answer. */
  stored(records: readonly JournaledPanic[]): void {
    for (const { idempotency, answer } of records) {
      if (idempotency) this.firstAnswers.delete(idempotency.key);
      this.unstored.delete(answer.incident.id);
    }
  }

  /** The panics journaled here that the store does not hold yet, newest receive time first. */
  unstoredAnswers(): PanicAnswer[] {
    return [...this.unstored.values()].sort((a, b) => Date.parse(b.alert.at) - Date.parse(a.alert.at));
  }

  /** Told of each panic once it is journaled (before its 201), until the returned function is called. */
  onJournaled(listener: (answer: PanicAnswer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** From now on the store answers: nothing more is journaled here. */
  close(): void {
    this.closed = true;
  }

  private remember({ idempotency, answer }: JournaledPanic): void {
    if (idempotency)
      this.firstAnswers.set(idempotency.key, { hash: idempotency.hash, answer: Promise.resolve(answer) });
  }
}
