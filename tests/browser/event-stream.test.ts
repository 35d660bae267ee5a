// The stream actor over a stand-in EventSource: GPS pings wait a moment to travel together, a panic never
// waits, the store's notices pass on, and nothing is sent after the actor stops.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { eventStream, GPS_BATCH_MAX, GPS_BATCH_MS } from '../../src/browser/event-stream.ts';
import { FakeEventSource } from '../views/support/fake-event-source.ts';
import { incident } from '../views/support/fake-api.ts';

const ping = (touristId: string) => ({
  type: 'gps' as const,
  ping: { touristId, deviceId: null, latitude: 25.5, longitude: 91.8, at: '2025-01-02T03:04:05.000Z' },
});

function startStream() {
  const heard: AnyEventObject[] = [];
  const parent = createMachine({
    invoke: { src: eventStream },
    on: { '*': { actions: ({ event }) => heard.push(event) } },
  });
  const actor = createActor(parent).start();
  return { heard, actor, types: () => heard.map((event) => event.type) };
}

describe('the event stream actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeEventSource.open = [];
  });

  it(`sends the pings of a ${GPS_BATCH_MS} ms window as one event, oldest first`, () => {
    const { heard, types } = startStream();
    for (const id of ['A', 'B', 'C']) FakeEventSource.deliver(ping(id));
    expect(types()).toEqual([]);
    vi.advanceTimersByTime(GPS_BATCH_MS);
    expect(types()).toEqual(['stream.pings']);
    expect(heard[0]!.pings.map((p: { touristId: string }) => p.touristId)).toEqual(['A', 'B', 'C']);
    FakeEventSource.deliver(ping('D'));
    vi.advanceTimersByTime(GPS_BATCH_MS);
    expect(types()).toEqual(['stream.pings', 'stream.pings']);
  });

  it('sends a panic at once, after the pings that came before it', () => {
    const { heard, types } = startStream();
    FakeEventSource.deliver(ping('A'));
    const update = { type: 'incident_update' as const, incident: incident({ id: 'I1' }) };
    FakeEventSource.deliver(update);
    expect(types()).toEqual(['stream.pings', 'stream.message']);
    expect(heard[1]!.message).toEqual(update);
    vi.advanceTimersByTime(GPS_BATCH_MS);
    expect(types()).toHaveLength(2);
  });

  it(`does not hold a burst of ${GPS_BATCH_MAX} pings for the window`, () => {
    const { heard, types } = startStream();
    for (let i = 0; i < GPS_BATCH_MAX; i++) FakeEventSource.deliver(ping(`D${i}`));
    expect(types()).toEqual(['stream.pings']);
    expect(heard[0]!.pings).toHaveLength(GPS_BATCH_MAX);
  });

  it("passes the server's word on its store on (issue 47), and nothing that is not one", () => {
    const { heard, types } = startStream();
    FakeEventSource.deliverNamed('store', { available: false, since: '2026-12-01T08:30:00.000Z' });
    FakeEventSource.deliverNamed('store', 'not json');
    FakeEventSource.deliverNamed('store', { available: 'yes' });
    FakeEventSource.deliverNamed('store', { available: true });
    expect(types()).toEqual(['stream.store', 'stream.store']);
    expect(heard.map((event) => event.notice)).toEqual([
      { available: false, since: '2026-12-01T08:30:00.000Z' },
      { available: true },
    ]);
  });

  it('sends nothing once stopped, and closes its EventSource', () => {
    const { actor, types } = startStream();
    FakeEventSource.deliver(ping('A'));
    actor.stop();
    vi.advanceTimersByTime(GPS_BATCH_MS * 2);
    expect(types()).toEqual([]);
    expect(FakeEventSource.open).toEqual([]);
  });
});
