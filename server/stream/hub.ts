import type { ServerResponse } from 'node:http';
import type { Database } from '../db/seam.ts';
import { recentAlertsForSnapshot } from '../stores/alerts.ts';
import { StreamAdmission, type StreamCaps } from './admission.ts';
import { firstIndexAfter, formatFrame, FrameRing, type Frame } from './frame-ring.ts';

export interface StreamHubOptions extends StreamCaps {
  channel: string;
  /** Frames kept in memory for resuming clients without a database read. */
  ringSize: number;
  /** Events kept in the database; a client further behind gets a fresh snapshot. */
  retainEvents: number;
  /** A client resuming further behind the head than this gets a fresh snapshot instead of a replay. */
  maxReplayEvents: number;
  /**
   * Unsent bytes a client may hold. Nothing more is written to it until its socket drains; one that
   * stays over it for several checks in a row is dropped and resumes by id on reconnect.
   */
  maxClientBufferBytes: number;
  pingIntervalMs: number;
  /** Safety net beside NOTIFY: the hub also looks for new events this often. */
  pollIntervalMs: number;
  snapshotAlerts: number;
}

interface Client {
  res: ServerResponse;
  /** Highest sequence this client has been sent. */
  position: number;
  /** Replaying what it missed (on attach, or after falling behind): live frames wait in the ring or the database. */
  catchingUp: boolean;
  /** Consecutive checks that found more unsent bytes than the bound. */
  strikes: number;
  /** Ends a wait for the socket to drain, so the client's catch-up looks again. */
  wake?: () => void;
}

const READ_PAGE = 1000;
const SLOW_CLIENT_CHECK_MS = 1000;
/** A healthy client can be caught mid-burst once; one over the bound this many checks in a row is not reading. */
const SLOW_CLIENT_STRIKES = 3;

/**
 * Tails stream_events and fans each event out to every connected client. Each event is serialised once
 * per process; clients only receive the shared string. No client is ever written more than the bound
 * ahead of what its socket took: one that falls behind catches up from the ring or the database as it
 * drains, so a burst costs memory per event, not per event and client.
 */
export class StreamHub {
  private lastSeq = 0;
  private readonly ring: FrameRing;
  private readonly clients = new Set<Client>();
  private readonly admission: StreamAdmission;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;
  droppedSlowClients = 0;
  /** Live clients that fell more than the bound behind and were switched to catching up. */
  clientsFellBehind = 0;
  /** Resuming clients sent a snapshot because their id was more than maxReplayEvents behind. */
  snapshotsInsteadOfReplay = 0;

  constructor(
    private readonly db: Database,
    private readonly options: StreamHubOptions,
  ) {
    this.admission = new StreamAdmission(options);
    this.ring = new FrameRing(options.ringSize);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Clients refused with 503 because the server held streamMaxClients. */
  get refusedOverTotalCap(): number {
    return this.admission.refusedOverTotalCap;
  }

  /** Clients refused with 429 because their address held streamMaxClientsPerAddress. */
  get refusedOverAddressCap(): number {
    return this.admission.refusedOverAddressCap;
  }

  /** Bytes written to clients but not yet taken by their sockets, per client. */
  get backlogs(): number[] {
    return [...this.clients].map((client) => client.res.writableLength);
  }

  get position(): number {
    return this.lastSeq;
  }

  /** Takes a stream slot for `address` or throws the 429/503 that refuses it; answers the slot's release. */
  admit(address: string): () => void {
    return this.admission.admit(address);
  }

  async start(): Promise<void> {
    const { rows } = await this.db.query<{ last: number | null }>('select max(seq) as last from stream_events');
    this.lastSeq = rows[0].last ?? 0;
    this.unlisten = await this.db.listen(this.options.channel, () => this.poke());
    this.timers.push(
      setInterval(() => this.ping(), this.options.pingIntervalMs),
      setInterval(() => this.checkSlowClients(), SLOW_CLIENT_CHECK_MS),
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
      this.broadcast(frames);
      if (frames.length < READ_PAGE) return;
    }
  }

  private async readAfter(seq: number, limit: number): Promise<Frame[]> {
    const { rows } = await this.db.query<{ seq: number; data: string }>(
      'select seq, data::text as data from stream_events where seq > $1 order by seq limit $2',
      [seq, limit],
    );
    return rows.map((row) => ({ seq: row.seq, bytes: Buffer.from(formatFrame(row.seq, row.data)) }));
  }

  private broadcast(page: Frame[]): void {
    const fresh = page.slice(firstIndexAfter(page, this.lastSeq));
    if (fresh.length === 0) return;
    this.lastSeq = fresh[fresh.length - 1].seq;
    this.ring.append(fresh);
    for (const client of this.clients) {
      if (client.catchingUp) continue;
      this.sendWithinBound(client, fresh);
      if (client.position < this.lastSeq && this.clients.has(client)) this.fallBehind(client);
    }
  }

  private isOverBound(client: Client): boolean {
    return client.res.writableLength > this.options.maxClientBufferBytes;
  }

  /** Writes the frames after the client's position until its unsent bytes pass the bound. */
  private sendWithinBound(client: Client, frames: readonly Frame[]): void {
    for (let i = firstIndexAfter(frames, client.position); i < frames.length; i++) {
      if (this.isOverBound(client) || !this.clients.has(client)) return;
      client.position = frames[i].seq;
      this.write(client, frames[i].bytes);
    }
  }

  private write(client: Client, text: string | Buffer): void {
    if (client.res.destroyed) return this.detach(client);
    client.res.write(text);
  }

  private fallBehind(client: Client): void {
    this.clientsFellBehind++;
    client.catchingUp = true;
    void this.catchUp(client).catch(() => this.drop(client));
  }

  /**
   * Runs from a timer: a client that holds more unsent bytes than the bound at several checks in a row
   * is not reading. (Checking right after a write would also drop healthy clients in the middle of a
   * burst.) A dropped client resumes by id when it reconnects.
   */
  private checkSlowClients(): void {
    for (const client of this.clients) {
      client.strikes = this.isOverBound(client) ? client.strikes + 1 : 0;
      if (client.strikes >= SLOW_CLIENT_STRIKES) this.drop(client);
      else client.wake?.(); // a socket under the bound that never signalled 'drain' is not left waiting
    }
  }

  private drop(client: Client): void {
    if (!this.clients.has(client)) return;
    this.droppedSlowClients++;
    this.detach(client);
    client.res.destroy();
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    client.wake?.();
  }

  private ping(): void {
    for (const client of this.clients) if (!this.isOverBound(client)) this.write(client, ': ping\n\n');
  }

  /**
   * Takes over an open response. With `lastEventId` it replays every event after it, in order;
   * without one, or when that id is older than what is kept or too far behind, it starts with a snapshot.
   */
  async attach(res: ServerResponse, lastEventId: number | undefined): Promise<void> {
    const client: Client = { res, position: 0, catchingUp: true, strikes: 0 };
    this.clients.add(client);
    res.on('close', () => this.detach(client));
    if (res.destroyed) return this.detach(client);
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
    const head = Math.max(rows[0].last ?? 0, this.lastSeq);
    if (lastEventId > head) return false; // an id this store never gave out
    if (head - lastEventId > this.options.maxReplayEvents) {
      this.snapshotsInsteadOfReplay++;
      return false;
    }
    if (first === null) return lastEventId >= head;
    return lastEventId >= first - 1;
  }

  private async sendSnapshot(client: Client): Promise<void> {
    const { seq, alerts } = await recentAlertsForSnapshot(this.db, this.options.snapshotAlerts);
    client.position = seq;
    this.write(client, formatFrame(seq, JSON.stringify({ type: 'snapshot', alerts })));
  }

  /**
   * Sends what the client missed, from the ring when it reaches back far enough, else a page at a time
   * from the database, never writing past the bound: over it, the client waits for its socket to drain
   * (the slow-client check drops it if it never does). A page is re-read after a wait rather than held,
   * so a stalled client keeps no frames of its own.
   */
  private async catchUp(client: Client): Promise<void> {
    let databaseHasMore = true;
    while (this.clients.has(client)) {
      if (this.isOverBound(client)) {
        await this.waitForDrain(client);
        continue;
      }
      // Nothing is awaited between this check and going live, so no broadcast can slip between them.
      if (client.position >= this.lastSeq) break;
      if (!databaseHasMore || this.ring.covers(client.position, this.lastSeq)) {
        if (!this.ring.hasAfter(client.position)) break; // nothing left in memory either: live from here
        this.sendWithinBound(client, this.ring.frames);
        continue;
      }
      const frames = await this.readAfter(client.position, READ_PAGE);
      if (frames.length === 0) databaseHasMore = false; // pruned meanwhile: what is left is in the ring
      this.sendWithinBound(client, frames);
    }
    client.catchingUp = false;
  }

  private waitForDrain(client: Client): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        client.res.off('drain', done);
        client.wake = undefined;
        resolve();
      };
      client.wake = done;
      client.res.on('drain', done);
    });
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
    for (const client of [...this.clients]) {
      this.detach(client);
      client.res.end();
    }
  }
}
