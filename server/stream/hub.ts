import type { ServerResponse } from 'node:http';
import type { Database } from '../db/seam.ts';
import { recentAlertsForSnapshot } from '../stores/alerts.ts';

export interface StreamHubOptions {
  channel: string;
  /** Frames kept in memory for resuming clients without a database read. */
  ringSize: number;
  /** Events kept in the database; a client further behind gets a fresh snapshot. */
  retainEvents: number;
  /** A client whose unsent bytes exceed this is dropped; it resumes by id on reconnect. */
  maxClientBufferBytes: number;
  pingIntervalMs: number;
  /** Safety net beside NOTIFY: the hub also looks for new events this often. */
  pollIntervalMs: number;
  snapshotAlerts: number;
}

interface Frame {
  seq: number;
  text: string;
}

interface Client {
  res: ServerResponse;
  /** Highest sequence this client has been sent. */
  position: number;
  /** While its backlog is read from the database, live frames wait in the ring. */
  catchingUp: boolean;
  /** Consecutive checks that found more unsent bytes than the bound. */
  strikes: number;
}

const READ_PAGE = 1000;
/** Hard memory bound per client within one burst, as a multiple of maxClientBufferBytes. */
const BURST_ALLOWANCE = 32;
const SLOW_CLIENT_CHECK_MS = 1000;
/** A healthy client can be caught mid-burst once; one over the bound this many checks in a row is not reading. */
const SLOW_CLIENT_STRIKES = 3;

export function formatFrame(seq: number, json: string): string {
  return `id: ${seq}\ndata: ${json}\n\n`;
}

/**
 * Tails stream_events and fans each event out to every connected client. Each event is serialised once
 * per process; clients only receive the shared string.
 */
export class StreamHub {
  private lastSeq = 0;
  private ring: Frame[] = [];
  private readonly clients = new Set<Client>();
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;
  droppedSlowClients = 0;

  constructor(
    private readonly db: Database,
    private readonly options: StreamHubOptions,
  ) {}

  get clientCount(): number {
    return this.clients.size;
  }

  /** Bytes written to clients but not yet taken by their sockets, per client. */
  get backlogs(): number[] {
    return [...this.clients].map((client) => client.res.writableLength);
  }

  get position(): number {
    return this.lastSeq;
  }

  async start(): Promise<void> {
    const { rows } = await this.db.query<{ last: number | null }>('select max(seq) as last from stream_events');
    this.lastSeq = rows[0].last ?? 0;
    this.unlisten = await this.db.listen(this.options.channel, () => this.poke());
    this.timers.push(
      setInterval(() => this.ping(), this.options.pingIntervalMs),
      setInterval(() => this.dropSlowClients(), SLOW_CLIENT_CHECK_MS),
      setInterval(() => this.poke(), this.options.pollIntervalMs),
      setInterval(() => void this.prune().catch(() => {}), 60_000),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** Something was committed (here or, through NOTIFY, elsewhere): read and deliver it. */
  poke(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump()
      .catch(() => {})
      .finally(() => {
        this.pumping = undefined;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.poke();
        }
      });
  }

  /** Resolves once every event committed before the call has been delivered to connected clients. */
  async flush(): Promise<void> {
    while (this.pumping) await this.pumping;
    this.poke();
    while (this.pumping) await this.pumping;
  }

  private async pump(): Promise<void> {
    for (;;) {
      const frames = await this.readAfter(this.lastSeq, READ_PAGE);
      if (frames.length === 0) return;
      for (const frame of frames) this.broadcast(frame);
      if (frames.length < READ_PAGE) return;
    }
  }

  private async readAfter(seq: number, limit: number): Promise<Frame[]> {
    const { rows } = await this.db.query<{ seq: number; data: string }>(
      'select seq, data::text as data from stream_events where seq > $1 order by seq limit $2',
      [seq, limit],
    );
    return rows.map((row) => ({ seq: row.seq, text: formatFrame(row.seq, row.data) }));
  }

  private broadcast(frame: Frame): void {
    if (frame.seq <= this.lastSeq) return;
    this.lastSeq = frame.seq;
    this.ring.push(frame);
    if (this.ring.length > this.options.ringSize) this.ring.splice(0, this.ring.length - this.options.ringSize);
    for (const client of this.clients) {
      if (!client.catchingUp && frame.seq > client.position) this.send(client, frame);
    }
  }

  private send(client: Client, frame: Frame): void {
    client.position = frame.seq;
    this.write(client, frame.text);
  }

  private write(client: Client, text: string): void {
    if (client.res.destroyed) return this.detach(client);
    client.res.write(text);
    if (client.res.writableLength > this.options.maxClientBufferBytes * BURST_ALLOWANCE) this.drop(client);
  }

  /**
   * Runs from a timer: a client that holds more unsent bytes than the bound at several checks in a row
   * is not reading. (Checking right after a write would also drop healthy clients in the middle of a
   * burst.) A dropped client resumes by id when it reconnects.
   */
  private dropSlowClients(): void {
    for (const client of this.clients) {
      client.strikes = client.res.writableLength > this.options.maxClientBufferBytes ? client.strikes + 1 : 0;
      if (client.strikes >= SLOW_CLIENT_STRIKES) this.drop(client);
    }
  }

  private drop(client: Client): void {
    this.droppedSlowClients++;
    this.detach(client);
    client.res.destroy();
  }

  private detach(client: Client): void {
    this.clients.delete(client);
  }

  private ping(): void {
    for (const client of this.clients) this.write(client, ': ping\n\n');
  }

  /**
   * Takes over an open response. With `lastEventId` it replays every event after it, in order;
   * without one, or when that id is older than what is kept, it starts with a snapshot.
   */
  async attach(res: ServerResponse, lastEventId: number | undefined): Promise<void> {
    const client: Client = { res, position: 0, catchingUp: true, strikes: 0 };
    this.clients.add(client);
    res.on('close', () => this.detach(client));
    try {
      if (lastEventId === undefined || !(await this.canResumeFrom(lastEventId))) {
        await this.sendSnapshot(client);
      } else {
        client.position = lastEventId;
      }
      await this.catchUp(client);
    } catch (error) {
      this.detach(client);
      res.destroy();
      throw error;
    }
  }

  private async canResumeFrom(lastEventId: number): Promise<boolean> {
    const { rows } = await this.db.query<{ first: number | null; last: number | null }>(
      'select min(seq) as first, max(seq) as last from stream_events',
    );
    const first = rows[0].first;
    const last = rows[0].last ?? 0;
    if (lastEventId > Math.max(last, this.lastSeq)) return false; // an id this store never gave out
    if (first === null) return lastEventId >= last;
    return lastEventId >= first - 1;
  }

  private async sendSnapshot(client: Client): Promise<void> {
    const { seq, alerts } = await recentAlertsForSnapshot(this.db, this.options.snapshotAlerts);
    client.position = seq;
    this.write(client, formatFrame(seq, JSON.stringify({ type: 'snapshot', alerts })));
  }

  /** Sends what the client missed: from the ring when it reaches back far enough, else pages from the database. */
  private async catchUp(client: Client): Promise<void> {
    while (!this.ringCovers(client.position)) {
      const frames = await this.readAfter(client.position, READ_PAGE);
      if (frames.length === 0) break;
      for (const frame of frames) this.send(client, frame);
      if (!this.clients.has(client)) return;
    }
    // From here on everything runs synchronously, so no broadcast can slip between replay and going live.
    for (const frame of this.ring) if (frame.seq > client.position) this.send(client, frame);
    client.catchingUp = false;
  }

  private ringCovers(position: number): boolean {
    if (position >= this.lastSeq) return true;
    return this.ring.length > 0 && this.ring[0].seq <= position + 1;
  }

  private async prune(): Promise<void> {
    await this.db.query('delete from stream_events where seq <= (select max(seq) from stream_events) - $1', [
      this.options.retainEvents,
    ]);
  }

  /** Ends every stream (clients reconnect elsewhere and resume by id) and stops tailing. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    while (this.pumping) await this.pumping;
    await this.unlisten?.();
    for (const client of this.clients) client.res.end();
    this.clients.clear();
  }
}
