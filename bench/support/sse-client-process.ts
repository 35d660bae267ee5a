// A share of the benchmark's SSE clients, in its own process so that reading thousands of streams does not
// slow the process that times them. Clients are raw sockets: they count frames with ids (`\nid: `) and note when
// each alert marker first arrives, without decoding or parsing what they read. Driven over IPC by
// sse-clients.ts. A stream the server closes (a client it dropped as slow) is opened again at the next reset,
// as the dashboard's EventSource would: without that, every later burst would wait for it in vain.
import { connect, type Socket } from 'node:net';
import { monotonicMs } from './stats.ts';
import { ALERT_MARKER, MARKER_DIGITS, type ClientCommand, type ClientReply } from './sse-protocol.ts';

/** A frame of the resumable history: positions (issue 48) come without ids and are not counted. */
const FRAME_START = Buffer.from('\nid: ');
const MARKER = Buffer.from(ALERT_MARKER);
const MARKER_LENGTH = MARKER.length + MARKER_DIGITS;
const CONNECTS_AT_ONCE = 64;

interface Client {
  socket: Socket;
  frames: number;
  bytes: number;
  /** Last bytes of the previous chunk, for a frame start or a marker split between two chunks. */
  tail: Buffer;
  doneAt: number;
  /** The server closed the stream. */
  closed: boolean;
}

const clients: Client[] = [];
let markerSlots = 0;
/** First arrival (monotonic ms) of marker m at client c, at [c * markerSlots + m]; 0 = not yet. */
let arrivals = new Float64Array(0);
let frameGoal = Infinity;
let onProgress: (() => void) | undefined;
let target = { port: 0, path: '' };

function reply(message: ClientReply): void {
  process.send!(message);
}

function noteMarkers(index: number, text: Buffer, now: number): void {
  for (
    let at = text.indexOf(MARKER);
    at >= 0 && at + MARKER_LENGTH <= text.length;
    at = text.indexOf(MARKER, at + MARKER_LENGTH)
  ) {
    const id = Number(text.toString('latin1', at + MARKER.length, at + MARKER_LENGTH));
    const slot = index * markerSlots + id;
    if (id < markerSlots && arrivals[slot] === 0) arrivals[slot] = now;
  }
}

function countFrames(text: Buffer, from: number): number {
  let count = 0;
  for (let at = text.indexOf(FRAME_START, from); at >= 0; at = text.indexOf(FRAME_START, at + FRAME_START.length))
    count++;
  return count;
}

/** The bytes around the seam of two chunks where a token of `tokenLength` can straddle them (and only such a token). */
function straddling(tail: Buffer, chunk: Buffer, tokenLength: number): Buffer {
  const keep = tokenLength - 1;
  return Buffer.concat([tail.subarray(Math.max(0, tail.length - keep)), chunk.subarray(0, keep)]);
}

function onData(index: number, chunk: Buffer): void {
  const now = monotonicMs();
  const client = clients[index];
  client.bytes += chunk.length;
  client.frames += countFrames(straddling(client.tail, chunk, FRAME_START.length), 0) + countFrames(chunk, 0);
  if (markerSlots > 0) {
    noteMarkers(index, straddling(client.tail, chunk, MARKER_LENGTH), now);
    noteMarkers(index, chunk, now);
  }
  client.tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - MARKER_LENGTH)));
  if (client.doneAt === 0 && client.frames >= frameGoal) {
    client.doneAt = now;
    onProgress?.();
  }
}

function open(port: number, path: string, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const client: Client = { socket, frames: 0, bytes: 0, tail: Buffer.alloc(0), doneAt: 0, closed: false };
    clients[index] = client;
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      if (!answered) {
        answered = true;
        resolve(chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 200');
      }
      onData(index, chunk);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => {
      client.closed = true;
      resolve(false);
      onProgress?.();
    });
    socket.once('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
    );
  });
}

async function openAll(port: number, path: string, count: number): Promise<number> {
  let opened = 0;
  for (let first = 0; first < count; first += CONNECTS_AT_ONCE) {
    const batch = [];
    for (let i = first; i < Math.min(count, first + CONNECTS_AT_ONCE); i++) batch.push(open(port, path, i));
    opened += (await Promise.all(batch)).filter(Boolean).length;
  }
  return opened;
}

async function reopenClosed(): Promise<number> {
  const closed = clients.flatMap((client, index) => (client.closed ? [index] : []));
  await Promise.all(closed.map((index) => open(target.port, target.path, index)));
  return closed.length;
}

function awaitFrames(goal: number, timeoutMs: number): void {
  frameGoal = goal;
  const now = monotonicMs();
  for (const client of clients) if (client.doneAt === 0 && client.frames >= goal) client.doneAt = now;
  const finish = () => {
    clearTimeout(timer);
    onProgress = undefined;
    frameGoal = Infinity;
    const done = clients.filter((c) => c.doneAt > 0);
    reply({
      type: 'frames',
      done: done.length,
      lastDoneAt: Math.max(0, ...done.map((c) => c.doneAt)),
      fewestFrames: Math.min(...clients.map((c) => c.frames)),
      bytesPerClient: clients.reduce((sum, c) => sum + c.bytes, 0) / clients.length,
      closed: clients.filter((c) => c.closed).length,
    });
  };
  const timer = setTimeout(finish, timeoutMs);
  // A closed stream gets no more frames: waiting for it would only run out the clock.
  onProgress = () => {
    if (clients.every((c) => c.doneAt > 0 || c.closed)) finish();
  };
  onProgress();
}

process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'open':
      target = { port: command.port, path: command.path };
      void openAll(command.port, command.path, command.count).then((opened) => reply({ type: 'opened', opened }));
      break;
    case 'reset':
      void reopenClosed().then((reopened) => {
        for (const client of clients) Object.assign(client, { frames: 0, bytes: 0, doneAt: 0 });
        markerSlots = command.markers;
        arrivals = new Float64Array(clients.length * markerSlots);
        reply({ type: 'reset', reopened });
      });
      break;
    case 'await-frames':
      awaitFrames(command.atLeast, command.timeoutMs);
      break;
    case 'arrivals':
      reply({ type: 'arrivals', markers: markerSlots, arrivals: Array.from(arrivals) });
      break;
    case 'close':
      for (const client of clients) client.socket.destroy();
      process.exit(0);
  }
});
reply({ type: 'ready' });
