// Delivered outcomes written together: a panic fanned out to three webhooks ends in three 2xx answers, and
// three updates would take PGlite's one connection three times between panics. Outcomes that arrive within
// GATHER_MS of the first, or while a write is under way, go in one statement; each caller's promise settles
// when its row is written. A crash before the write leaves the rows leased: sent again once the lease runs
// out (at-least-once, docs/webhooks.md).
import type { Sql } from '../db/seam.ts';
import { recordDelivered } from '../stores/webhook-deliveries.ts';

const GATHER_MS = 20;

interface Waiting {
  id: string;
  status: number;
  written: () => void;
  failed: (error: unknown) => void;
}

export class DeliveredBatch {
  private waiting: Waiting[] = [];
  private busy = false;

  constructor(private readonly db: Sql) {}

  record(id: string, status: number): Promise<void> {
    return new Promise((written, failed) => {
      this.waiting.push({ id, status, written, failed });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.waiting.length === 0) return;
    this.busy = true;
    setTimeout(() => void this.write(), GATHER_MS);
  }

  private async write(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      await recordDelivered(this.db, batch);
      for (const row of batch) row.written();
    } catch (error) {
      for (const row of batch) row.failed(error);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }
}
