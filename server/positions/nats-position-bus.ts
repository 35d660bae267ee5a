// Positions between servers through NATS JetStream (issue 48 point 4, NATS_URL): each server publishes what it
// stored under a subject by region and cell, one per device (`pad.<schema>.positions.<region>.<cell>.<key>`),
// into a stream that keeps the last value of each subject for a day; every server consumes the subjects from
// the time it started. A server hears its own at once, and skips them when NATS brings them back.
import { randomUUID } from 'node:crypto';
import { DeliverPolicy, DiscardPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { latLngToCell } from 'h3-js';
import { pingKey, type GpsPing } from '../../src/api/entities.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import { PositionListeners, type PositionBus, type PositionListener } from './position-bus.ts';

/** The cells of the subjects: a city is a few dozen, so a server of one city can subscribe to its own. */
export const SUBJECT_CELL_RESOLUTION = 5;
const DAY_NS = 24 * 60 * 60 * 1e9;
/** The stream's bound: past it, the oldest positions go (each device's latest stays in gps_last). */
const STREAM_MAX_BYTES = 512 * 1024 * 1024;

/** A subject token for any id: NATS tokens cannot hold dots, spaces or wildcards. */
const token = (text: string) => Buffer.from(text).toString('base64url') || '_';
const schemaToken = (schema: string) => schema.replace(/[^A-Za-z0-9_-]/g, '_');

const positionsSubjectPrefix = (schema: string) => `pad.${schemaToken(schema)}.positions`;
export const positionsStreamName = (schema: string) => `PAD_POSITIONS_${schemaToken(schema)}`;

export function positionSubject(schema: string, regionId: string, ping: GpsPing): string {
  const cell = latLngToCell(ping.latitude, ping.longitude, SUBJECT_CELL_RESOLUTION);
  return `${positionsSubjectPrefix(schema)}.${token(regionId)}.${cell}.${token(pingKey(ping))}`;
}

interface Published {
  origin: string;
  ping: GpsPing;
}

/** How long a server waits before trying an unreachable NATS again. */
const RECONNECT_MS = 2000;

/**
 * A server whose NATS is unreachable still starts and takes every panic and ping: it hears its own positions,
 * and the others' once it is through.
 */
export class NatsPositionBus implements PositionBus {
  private readonly listeners = new PositionListeners();
  private readonly origin = randomUUID();
  private nc: NatsConnection | undefined;
  private heard: GpsPing[] = [];
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Said once per outage, not at every attempt. */
  private failing = false;
  /** Resolves once connected and consuming (tests wait for it; the server does not). */
  readonly connected: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly regionOf: (point: LatLng) => string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.connected = new Promise((resolve) => this.connectUntilThrough(resolve));
  }

  publish(pings: readonly GpsPing[]): void {
    this.listeners.tell(pings);
    const nc = this.nc;
    if (!nc) return;
    for (const ping of pings) {
      const published: Published = { origin: this.origin, ping };
      nc.publish(positionSubject(this.schema, this.regionOf(ping), ping), JSON.stringify(published));
    }
  }

  subscribe(listener: PositionListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.nc?.drain();
  }

  private connectUntilThrough(through: () => void): void {
    this.open().then(through, (error: unknown) => {
      if (!this.failing) this.onError(error);
      this.failing = true;
      if (!this.stopped) this.retry = setTimeout(() => this.connectUntilThrough(through), RECONNECT_MS);
    });
  }

  /** Connects, makes sure the stream is there, and consumes what is published from now on. */
  private async open(): Promise<void> {
    const nc = await connect({ servers: this.url, name: 'panic-alerts-dashboard', maxReconnectAttempts: -1 });
    try {
      const jsm = await jetstreamManager(nc);
      const name = positionsStreamName(this.schema);
      const config = {
        subjects: [`${positionsSubjectPrefix(this.schema)}.>`],
        max_msgs_per_subject: 1,
        max_age: DAY_NS,
        max_bytes: STREAM_MAX_BYTES,
        discard: DiscardPolicy.Old,
        storage: StorageType.Memory,
      };
      await jsm.streams.info(name).then(
        () => jsm.streams.update(name, config),
        () => jsm.streams.add({ name, ...config }),
      );
      const consumer = await jetstream(nc).consumers.get(name, { deliver_policy: DeliverPolicy.New });
      const messages = await consumer.consume();
      if (this.stopped) throw new Error('closed while connecting to NATS');
      this.nc = nc;
      void this.consume(messages).catch(this.onError);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  /** Other servers' positions, told in groups: one turn of the event loop's worth at a time. */
  private async consume(messages: AsyncIterable<{ json<T>(): T }>): Promise<void> {
    for await (const message of messages) {
      if (this.stopped) return;
      const { origin, ping } = message.json<Published>();
      if (origin === this.origin) continue;
      if (this.heard.length === 0) setImmediate(() => this.tellHeard());
      this.heard.push(ping);
    }
  }

  private tellHeard(): void {
    const heard = this.heard;
    this.heard = [];
    this.listeners.tell(heard);
  }
}
