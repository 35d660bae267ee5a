// The browser's EventSource at its boundary: the drawer's live feed opens one per open drawer; the test
// sends the stream's messages through every open one and sees which are open.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { StreamMessage } from '../../../src/api/stream.ts';

export class FakeEventSource {
  static readonly CLOSED = 2;
  static open: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;

  /** Listeners of named events (`event: store`), which `onmessage` never hears. */
  private readonly named = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    if (!this.named.has(type)) this.named.set(type, new Set());
    this.named.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.named.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this);
  }

  /** Delivers a message (or any raw `data:` line) on every open source. */
  static deliver(message: StreamMessage | string) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    for (const source of FakeEventSource.open) source.onmessage?.({ data } as MessageEvent<string>);
  }

  /** Delivers a named event (`event: <type>` then `data:`) on every open source. */
  static deliverNamed(type: string, data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const source of FakeEventSource.open)
      for (const listener of source.named.get(type) ?? []) listener({ data: text } as MessageEvent<string>);
  }
}

/** Each test of the calling file starts with empty storage and this EventSource; afterwards, the page is unmounted. */
export function installFakeEventSource(): void {
  beforeEach(() => {
    localStorage.clear();
    FakeEventSource.open = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
