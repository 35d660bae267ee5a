// While the store opens, the panic journal is the only store: a panic is answered once its record is on
// disk, and a repeated Idempotency-Key gets the first answer the journal holds for it.
import type { PanicJournal } from '../db/panic-journal.ts';
import { HttpError } from '../http/errors.ts';
import { earlyPanicAnswer, type EarlyPanic } from '../ingest/early-panic.ts';
import { panicIds, type IdempotencyClaim, type PanicAnswer } from '../ingest/panic.ts';
import { serverClock } from '../domain/server-clock.ts';

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request body.';

export class StartJournal {
  private readonly firstAnswers = new Map<string, { hash: string; answer: Promise<PanicAnswer> }>();
  private closed = false;

  constructor(readonly journal: PanicJournal) {
    for (const { idempotency, answer } of journal.pending()) {
      if (idempotency)
        this.firstAnswers.set(idempotency.key, { hash: idempotency.hash, answer: Promise.resolve(answer) });
    }
  }

  /** Journals a panic taken during start and answers it, with ids it keeps once stored. */
  accept(early: EarlyPanic, claim?: IdempotencyClaim): Promise<PanicAnswer> {
    const first = claim && this.firstAnswers.get(claim.key);
    if (first) {
      if (first.hash !== claim.hash) return Promise.reject(new HttpError(422, KEY_REUSED_MESSAGE));
      return first.answer;
    }
    if (this.closed) {
      // Its body arrived after the store took over: not journaled, so the phone's retry reaches the store.
      return Promise.reject(
        new HttpError(503, 'The server has just started; send the panic again.', undefined, { 'Retry-After': '1' }),
      );
    }
    // With a key, the ids are the key's: a retry of a panic the store took just before a crash names that panic.
    const answer = earlyPanicAnswer(early, serverClock.iso(), panicIds(claim));
    const written = this.journal
      .append({ answer, idempotency: claim && { key: claim.key, hash: claim.hash }, early })
      .then(() => answer);
    if (claim) {
      this.firstAnswers.set(claim.key, { hash: claim.hash, answer: written });
      written.catch(() => this.firstAnswers.delete(claim.key));
    }
    return written;
  }

  /** From now on the store answers: nothing more is journaled here. */
  close(): void {
    this.closed = true;
  }
}
