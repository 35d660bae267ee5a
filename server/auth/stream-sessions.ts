import { withPriority, type Database } from '../db/seam.ts';
import { idHash, liveSessionHashes } from '../stores/operator-sessions.ts';

/**
 * NOTIFY channel on which a server says it ended sessions (an account disabled, reset or signed out by an
 * admin): every server sharing the database checks its open streams then, not at its next interval.
 */
export function sessionsEndedChannel(schema = 'public'): string {
  return `operator_sessions_ended_${schema}`.slice(0, 63);
}

/**
 * Ends event streams whose operator session has ended (signed out, on any server sharing the database, or
 * expired): a stream opened while signed in must not keep delivering tourists' positions after. One query
 * per check for every watched stream together.
 */
export class StreamSessionWatch {
  private readonly watched = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private checking = false;
  /** A check asked for while one ran: its answer may predate the sessions just ended, so another follows. */
  private checkAgain = false;

  constructor(
    private readonly db: Database,
    intervalMs: number,
  ) {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  /** Calls `end` once the session is gone; the returned function stops watching (the stream closed). */
  watch(sessionId: string, end: () => void): () => void {
    const hash = idHash(sessionId);
    const ends = this.watched.get(hash) ?? new Set();
    ends.add(end);
    this.watched.set(hash, ends);
    return () => {
      ends.delete(end);
      if (ends.size === 0 && this.watched.get(hash) === ends) this.watched.delete(hash);
    };
  }

  async check(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    if (this.watched.size === 0) return;
    this.checking = true;
    try {
      const asked = [...this.watched.keys()];
      const live = await liveSessionHashes(withPriority(this.db, 'background'), asked);
      // Only the sessions asked about: a stream that started during the query was not part of the answer.
      for (const hash of asked) {
        const ends = this.watched.get(hash);
        if (live.has(hash) || !ends) continue;
        this.watched.delete(hash);
        for (const end of ends) end();
      }
    } catch {
      // The store did not answer: streams stay until the next check rather than all dropping at once.
    } finally {
      this.checking = false;
      if (this.checkAgain) {
        this.checkAgain = false;
        void this.check();
      }
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
