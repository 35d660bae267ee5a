// Messages between the benchmark and its SSE client processes (sse-clients.ts ↔ sse-client-process.ts).

/** Put in a panic's touristId (and so in its stream messages): `BENCHMARK-000123` marks alert 123. */
export const ALERT_MARKER = 'BENCHMARK-';
export const MARKER_DIGITS = 6;

export function markerOf(alert: number): string {
  return ALERT_MARKER + String(alert).padStart(MARKER_DIGITS, '0');
}

export type ClientCommand =
  | { type: 'open'; port: number; path: string; count: number }
  /** Reopen the streams the server closed, zero the frame counts and make room to time `markers` alerts (0 = none). */
  | { type: 'reset'; markers: number }
  | { type: 'await-frames'; atLeast: number; timeoutMs: number }
  | { type: 'arrivals' }
  | { type: 'close' };

export type ClientReply =
  | { type: 'ready' }
  | { type: 'opened'; opened: number }
  /** `reopened`: streams the server had closed (a client it dropped as slow), opened again. */
  | { type: 'reset'; reopened: number }
  /** `lastDoneAt`: when the last client that got there reached the frame count (monotonic ms); `closed`: streams the server closed. */
  | { type: 'frames'; done: number; lastDoneAt: number; fewestFrames: number; bytesPerClient: number; closed: number }
  /** First arrival of each marker at each client, client-major; 0 = never arrived. */
  | { type: 'arrivals'; markers: number; arrivals: number[] };
