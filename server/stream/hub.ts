import type { ServerResponse } from 'node:http';
import type { StreamMessage } from '../../src/api/stream.ts';
import { withPriority, type Database, type Priority } from '../db/seam.ts';
import type { StoreState } from '../db/store-health.ts';
import { recentAlertsForSnapshot } from '../stores/alerts.ts';
import { pruneStreamEvents, streamEventsAfter, streamHead } from '../stores/stream-events.ts';
import { StreamAdmission } from './admission.ts';
import { StreamClient } from './client.ts';
import { StreamClients } from './clients.ts';
import { ConcurrencyLimit } from './concurrency-limit.ts';
import {
  blocksOf,
  formatFrame,
  frameCount,
  FrameRing,
  framesAfter,
  lastSeqOf,
  type FrameBlock,
} from './frame-blocks.ts';
import type { StreamHubOptions } from './hub-options.ts';
import { resumeStart } from './resume.ts';
import { Sweep } from './sweep.ts';
import {
  noUnstoredPanics,
  unstoredFrames,
  withUnstoredAlerts,
  type UnstoredPanics,
} from '../ingest/unstored-panics.ts';
import { CoalescedRun } from '../jobs/coalesced-run.ts';
import type { PositionBus } from '../positions/position-bus.ts';
import { PositionLane } from './position-lane.ts';

export type { StreamHubOptions };

const READ_PAGE = 1000;
/**
 * Catch-up reads from the database at once. A crowd resuming together (after a restart, say) would
 * otherwise take every connection of the pool and the whole of PGlite, starving writes and the live tail.
 */
const CONCURRENT_REPLAY_READS = 4;
const SLOW_CLIENT_CHECK_MS = 1000;
/** Socket writes per turn of the event loop while live frames go out (about 3 ms of them here). */
const LIVE_BYTES_PER_TURN = 4 * 1024 * 1024;
/**
 * How often positions go out: each connection's budget once a second. Five times a second, the socket writes
 * to 1,000 streams held the alerts behind them: a quarter more p99 (bench/alert-latency-state.ts).
 */
const POSITIONS_TICK_MS = 1000;

/**
 * Tails stream_events and fans each event out to every connected client. Each page of events is
 * serialised once per process, into buffers that clients share. No client is written more than the bound
 * ahead of what its socket took: one that falls behind catches up from the ring or the database as it
 * drains, so a burst costs memory per event, not per event and client.
 */
export class StreamHub {
  private lastSeq = 0;
  private readonly ring: FrameRing;
  private readonly clients = new StreamClients();
  private readonly admission: StreamAdmission;
  private readonly replayReads = new ConcurrencyLimit(CONCURRENT_REPLAY_READS);
  /** A client its live frames could not be written to is ended; it resumes by id when it reconnects. */
  private readonly live = new Sweep(
    () => this.clients,
    (client) => this.sendLive(client),
    LIVE_BYTES_PER_TURN,
    (client) => this.clients.end(client),
  );
  private readonly pumping = new CoalescedRun(
    () => this.pump(),
    () => this.closed,
  );
  private readonly positionLane: PositionLane;
  private timers: NodeJS.Timeout[] = [];
  /** What start() subscribed to, undone by close(). */
  private readonly stops: (() => unknown)[] = [];
  private closed = false;
  /** Live clients that fell more than the bound behind and were switched to catching up. */
  clientsFellBehind = 0;
  /** Resuming clients sent a snapshot because their id was more than maxReplayEvents behind. */
  snapshotsInsteadOfReplay = 0;

  constructor(
    private readonly db: Database,
    private readonly options: StreamHubOptions,
    private readonly unstored: UnstoredPanics = noUnstoredPanics,
    private readonly positions?: PositionBus,
  ) {
    this.admission = new StreamAdmission(options);
    this.ring = new FrameRing(options.ringSize);
    this.positionLane = new PositionLane(options.positionBudget);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Clients dropped because they held the bound of unsent bytes and did not read. */
  get droppedSlowClients(): number {
    return this.clients.droppedSlowClients;
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
    return this.clients.backlogs;
  }

  get position(): number {
    return this.lastSeq;
  }

  /** Takes a stream slot for `address` or throws the 429/503 that refuses it; answers the slot's release. */
  admit(address: string): () => void {
    return this.admission.admit(address);
  }

  async start(): Promise<void> {
    this.lastSeq = await streamHead(this.db);
    this.stops.push(
      await this.db.listen(this.options.channel, () => this.poke()),
      this.unstored.onJournaled((answer) => this.clients.writeToAll(unstoredFrames([answer]))),
    );
    if (this.positions) this.stops.push(this.positions.subscribe((pings) => this.positionLane.add(pings)));
    this.timers.push(
      setInterval(() => this.positionLane.send(this.clients, () => performance.now()), POSITIONS_TICK_MS),
      setInterval(() => this.clients.ping(), this.options.pingIntervalMs),
      setInterval(() => this.clients.checkSlow(), SLOW_CLIENT_CHECK_MS),
      setInterval(() => this.poke(), this.options.pollIntervalMs),
      setInterval(() => void pruneStreamEvents(this.db, this.options.retainEvents).catch(() => {}), 60_000),
    );
    for (const timer of this.timers) timer.unref();
  }

  /**
   * Tells every open stream whether the store is there (issue 47), as a `store` event without an id: the
   * history resumes by id once it is back, and this frame is never replayed.
   */
  tellStoreState(state: StoreState): void {
    const data = state.available ? { available: true } : { available: false, since: state.since };
    this.clients.writeToAll(`event: store\ndata: ${JSON.stringify(data)}\n\n`);
    if (state.available) this.poke();
  }

  /** Something was committed (here or, through NOTIFY, elsewhere): read and deliver it. */
  poke(): void {
    this.pumping.wake();
  }

  /**
   * This process committed `messages`, consecutive up to `lastSeq` (appendStreamEvents locks insert to commit).
   * Following what was delivered, they go out from memory: read back, they would wait behind whatever the
   * database took up next (a GPS batch), and a panic would reach operators later. Else the tail is read.
   */
  committed(lastSeq: number, messages: readonly StreamMessage[]): void {
    const firstSeq = lastSeq - messages.length + 1;
    if (this.closed || messages.length === 0 || firstSeq !== this.lastSeq + 1) return this.poke();
    this.broadcast(blocksOf(messages.map((message, i) => ({ seq: firstSeq + i, json: JSON.stringify(message) }))));
  }

  /** Resolves once every event committed before the call has been delivered to connected clients. */
  async flush(): Promise<void> {
    await this.pumping.idle();
    this.poke();
    await this.pumping.idle();
    await this.live.settled();
  }

  private async pump(): Promise<void> {
    for (;;) {
      // Live delivery is the panic's last hop to the operators: it overtakes queued reads.
      const page = await this.readAfter(this.lastSeq, undefined, 'urgent');
      if (page.length === 0) return;
      this.broadcast(page);
      if (frameCount(page) < READ_PAGE) return;
    }
  }

  /** The next page of events after `seq` from the database, in blocks (only `byteBudget` of them). */
  private async readAfter(seq: number, byteBudget?: number, priority: Priority = 'normal'): Promise<FrameBlock[]> {
    // PGlite answers on this thread: reads chained through promises alone would keep sockets from being
    // accepted, read or drained until a whole replay is done.
    await new Promise((resolve) => setImmediate(resolve));
    return blocksOf(await streamEventsAfter(withPriority(this.db, priority), seq, READ_PAGE), byteBudget);
  }

  private broadcast(page: FrameBlock[]): void {
    // A read begun before a commit delivered from memory may return some of its frames again.
    const fresh = page
      .filter((block) => lastSeqOf(block) > this.lastSeq)
      .map((block) => framesAfter(block, this.lastSeq));
    if (fresh.length === 0) return;
    this.lastSeq = lastSeqOf(fresh[fresh.length - 1]);
    for (const block of fresh) this.ring.append(block);
    this.live.request();
  }

  /** A live client's missing frames, from the ring; past the ring's reach, or left full, it catches up. */
  private sendLive(client: StreamClient): number {
    if (client.catchingUp || !this.clients.has(client) || client.position >= this.lastSeq) return 0;
    const covered = this.ring.covers(client.position, this.lastSeq);
    const written = covered ? this.clients.sendWithinBound(client, this.ring.blocksAfter(client.position)) : 0;
    if (client.position < this.lastSeq && this.clients.has(client)) this.fallBehind(client);
    return written;
  }

  private fallBehind(client: StreamClient): void {
    this.clientsFellBehind++;
    client.catchingUp = true;
    void this.catchUp(client).catch(() => this.clients.drop(client));
  }

  /**
   * Takes over an open response. With `lastEventId` it replays every event after it, in order;
   * without one, or when that id is older than what is kept or too far behind, it starts with a snapshot.
   */
  async attach(res: ServerResponse, lastEventId: number | undefined): Promise<void> {
    const client = new StreamClient(res, this.options.maxClientBufferBytes);
    this.clients.add(client);
    this.positionLane.join(client, performance.now());
    res.on('close', () => this.clients.detach(client));
    if (res.destroyed) return this.clients.detach(client);
    try {
      const { maxReplayEvents } = this.options;
      const start =
        lastEventId === undefined
          ? 'snapshot:unknown-id'
          : await resumeStart(this.db, lastEventId, this.lastSeq, maxReplayEvents);
      if (start === 'snapshot:too-far-behind') this.snapshotsInsteadOfReplay++;
      if (start === 'replay') {
        client.position = lastEventId!;
        const unstored = this.unstored.unstoredAnswers();
        if (unstored.length > 0) this.clients.write(client, unstoredFrames(unstored));
      } else await this.sendSnapshot(client);
      await this.catchUp(client);
    } catch (error) {
      this.clients.detach(client);
      res.destroy();
      throw error;
    }
  }

  private async sendSnapshot(client: StreamClient): Promise<void> {
    const stored = await recentAlertsForSnapshot(this.db, this.options.snapshotAlerts);
    const alerts = withUnstoredAlerts(stored.alerts, this.unstored.unstoredAnswers());
    client.position = stored.seq;
    this.clients.write(client, formatFrame(stored.seq, JSON.stringify({ type: 'snapshot', alerts })));
  }

  /**
   * Sends what the client missed, from the ring when it reaches back far enough, else a page at a time
   * from the database, never past the bound: when full, the client waits for its socket to drain (the
   * slow-client check drops it if it never does). A page is read again after a wait rather than held.
   */
  private async catchUp(client: StreamClient): Promise<void> {
    let databaseHasMore = true;
    while (this.clients.has(client)) {
      if (client.isFull) {
        await client.waitForDrain();
        continue;
      }
      // Nothing is awaited between this check and going live, so no broadcast can slip between them.
      if (client.position >= this.lastSeq) break;
      if (!databaseHasMore || this.ring.covers(client.position, this.lastSeq)) {
        const blocks = this.ring.blocksAfter(client.position);
        if (blocks.length === 0) break; // nothing left in memory either: live from here
        this.clients.sendWithinBound(client, blocks);
        continue;
      }
      const page = await this.replayReads.run(async () =>
        this.clients.has(client) ? this.readAfter(client.position, client.room) : [],
      );
      if (page.length > 0) this.clients.sendWithinBound(client, page);
      else databaseHasMore = false; // pruned meanwhile: what is left is in the ring
    }
    client.catchingUp = false;
  }

  /** Ends every stream (clients reconnect elsewhere and resume by id) and stops tailing. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.pumping.idle();
    for (const stop of this.stops.splice(0)) await stop();
    this.clients.closeAll();
  }
}
