// Positions between servers on one PostgreSQL (issue 48), without NOTIFY or the stream's lock: once a second
// each server reads the last positions that changed since its previous look. Its own are heard at once.
import { pingKey, type GpsPing } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { PositionListeners, type PositionBus, type PositionListener } from './position-bus.ts';

/**
 * How far back each look reaches before the previous one's newest change: `changed_at` is its transaction's
 * start, so a group of pings that commits after a look may carry a time just before it.
 */
const OVERLAP_MS = 2000;
/** A position heard is remembered this long, so that the looks' overlap does not tell it twice. */
const REMEMBERED_MS = 10_000;

interface ChangedRow {
  tourist_id: string | null;
  device_id: string | null;
  latitude: number;
  longitude: number;
  at: Date;
  changed_at: Date;
}

export class PostgresPositionBus implements PositionBus {
  private readonly listeners = new PositionListeners();
  /** Per key, the time of the position last told and when it was heard. */
  private readonly told = new Map<string, { at: string; heardAt: number }>();
  private since: Date | undefined;
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Sql,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts looking every `pollMs`, from the store's clock now. */
  async start(pollMs: number): Promise<void> {
    const { rows } = await this.db.query<{ now: Date }>('select now() as now');
    this.since = rows[0].now;
    this.timer = setInterval(() => {
      this.looking = this.look().catch(this.onError);
    }, pollMs);
    this.timer.unref();
  }

  publish(pings: readonly GpsPing[]): void {
    const heardAt = Date.now();
    for (const ping of pings) this.told.set(pingKey(ping), { at: ping.at, heardAt });
    this.listeners.tell(pings);
  }

  subscribe(listener: PositionListener): () => void {
    return this.listeners.add(listener);
  }

  /** Reads the positions changed since the last look, tells those not told yet, and forgets old ones. */
  async look(): Promise<void> {
    if (!this.since) return;
    const { rows } = await this.db.query<ChangedRow>(
      `select tourist_id, device_id, latitude, longitude, at, changed_at from gps_last
        where changed_at > $1::timestamptz - make_interval(secs => $2::float8 / 1000) order by changed_at, at`,
      [this.since, OVERLAP_MS],
    );
    const heardAt = Date.now();
    const fresh: GpsPing[] = [];
    for (const row of rows) {
      const ping: GpsPing = {
        touristId: row.tourist_id,
        deviceId: row.device_id,
        latitude: row.latitude,
        longitude: row.longitude,
        at: row.at.toISOString(),
      };
      if (row.changed_at > this.since) this.since = row.changed_at;
      const key = pingKey(ping);
      if (this.told.get(key)?.at === ping.at) continue;
      this.told.set(key, { at: ping.at, heardAt });
      fresh.push(ping);
    }
    for (const [key, { heardAt: then }] of this.told) if (heardAt - then > REMEMBERED_MS) this.told.delete(key);
    this.listeners.tell(fresh);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.looking;
  }
}
