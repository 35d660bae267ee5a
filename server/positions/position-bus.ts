// Where positions go once stored (issue 48): not the durable stream, whose ids, lock and NOTIFY are the
// alerts'. A position is a last value per device: a listener may miss one and gets the next.
import type { GpsPing } from '../../src/api/entities.ts';

export type PositionListener = (pings: readonly GpsPing[]) => void;

/** Carries each server's stored positions to the listeners of every server sharing its store. */
export interface PositionBus {
  /** Positions this server has just committed, oldest first. */
  publish(pings: readonly GpsPing[]): void;
  /** `listener` hears every server's positions, this one's at once; answers the unsubscribe. */
  subscribe(listener: PositionListener): () => void;
  close(): Promise<void>;
}

/** Listeners of one process, told in the order they subscribed. */
export class PositionListeners {
  private readonly listeners = new Set<PositionListener>();

  add(listener: PositionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(pings: readonly GpsPing[]): void {
    if (pings.length === 0) return;
    for (const listener of this.listeners) listener(pings);
  }
}

/** One process (`npm start`, PGlite): what is published is heard here and nowhere else. */
export class MemoryPositionBus implements PositionBus {
  private readonly listeners = new PositionListeners();

  publish(pings: readonly GpsPing[]): void {
    this.listeners.tell(pings);
  }

  subscribe(listener: PositionListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}
