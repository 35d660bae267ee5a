// The one SQL seam: every store is written against `Sql`, which PGlite and node-postgres both satisfy.
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export type StorageMode = 'pglite' | 'postgres';

/**
 * PostgreSQL runs transactions side by side; PGlite, with its one connection, one after another. Locks that
 * only order concurrent transactions would cost PGlite a statement each for nothing.
 */
export function runsConcurrentTransactions(mode: StorageMode): boolean {
  return mode === 'postgres';
}

/** Order in which waiting database work gets a connection: urgent first, then normal, then background. */
export type Priority = 'urgent' | 'normal' | 'background';

export interface TransactionOptions {
  /** Default `normal`. A panic is `urgent`, so it overtakes queued reads. */
  priority?: Priority;
}

export interface Database extends Sql {
  readonly mode: StorageMode;
  /** One statement; `options.priority` orders it among work waiting for a connection (default `normal`). */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: TransactionOptions,
  ): Promise<{ rows: Row[] }>;
  /** Runs `work` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Subscribes to NOTIFY on `channel` from other processes; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * The embedded store only: runs `work` on the store's folder while no statement runs (after a checkpoint),
   * so the files it reads hold one committed state; every other query waits until it is done.
   */
  whileQuiet?<T>(work: (storeDir: string) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Queries run at `priority`: the stream's tail reads, the band SOS lookup, background jobs. */
export function withPriority(db: Database, priority: Priority): Sql {
  return { query: (text, params) => db.query(text, params, { priority }) };
}
