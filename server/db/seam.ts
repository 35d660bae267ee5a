// The one SQL seam: every store is written against `Sql`, which PGlite and node-postgres both satisfy.
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export type StorageMode = 'pglite' | 'postgres';

/** Order in which waiting database work gets a connection: urgent first, then normal, then background. */
export type Priority = 'urgent' | 'normal' | 'background';

export interface TransactionOptions {
  /** Default `normal`. A panic is `urgent`, so it overtakes queued reads. */
  priority?: Priority;
}

export interface Database extends Sql {
  readonly mode: StorageMode;
  /** Runs `work` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Subscribes to NOTIFY on `channel` from other processes; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Queries run at `priority` (each in its own short transaction): the stream's tail reads, background jobs. */
export function withPriority(db: Database, priority: Priority): Sql {
  return { query: (text, params) => db.transaction((tx) => tx.query(text, params), { priority }) };
}
