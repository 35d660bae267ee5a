import { connect, createServer, type Server } from 'node:net';

/** What a lock socket's owner tells whoever connects: who it is, and a nonce no other holder shares. */
export interface LockOwner {
  pid: number;
  nonce: string;
}

/**
 * What is behind a lock socket address:
 * - `alive`: a process accepted the connection (`owner` is missing when it did not introduce itself in time);
 * - `dead`: a socket file whose process is gone (the kernel refuses the connection);
 * - `absent`: nothing at that address;
 * - `dying`: it accepted, then closed without a word, as a process being killed does.
 */
export type LockProbe =
  | { state: 'alive'; owner?: LockOwner }
  | { state: 'dead' }
  | { state: 'absent' }
  | { state: 'dying' };

const GREETING_WAIT_MS = 2000;

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.nonce === 'string'
      ? { pid: value.pid, nonce: value.nonce }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Listens at `address` (a socket file path, or a Linux abstract name starting with NUL) and greets every
 * connection with `owner`. Unreferenced: holding a lock must not keep the process alive.
 */
export function listenAsOwner(address: string, owner: LockOwner): Promise<Server> {
  const greeting = `${JSON.stringify(owner)}\n`;
  const server = createServer((socket) => {
    socket.on('error', () => {}); // a prober that hangs up early is none of the owner's business
    socket.end(greeting);
  });
  return listenUnreferenced(server, address);
}

/** Listens at `address` and hangs up on whoever connects: a name held, with nothing to say. */
export function listenQuietly(address: string): Promise<Server> {
  return listenUnreferenced(
    createServer((socket) => socket.destroy()),
    address,
  );
}

function listenUnreferenced(server: Server, address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.on('error', () => {});
      server.unref();
      resolve(server);
    });
  });
}

/** Connects to `address` and reads the owner's greeting, without ever throwing for an ordinary answer. */
export function probeLock(address: string): Promise<LockProbe> {
  return new Promise((resolve, reject) => {
    const socket = connect({ path: address });
    let connected = false;
    let text = '';
    const finish = (probe: LockProbe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const timer = setTimeout(() => finish({ state: 'alive' }), GREETING_WAIT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const owner = parseOwner(text);
      finish(owner ? { state: 'alive', owner } : { state: 'dying' });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return finish({ state: 'dying' });
      if (error.code === 'ECONNREFUSED') return finish({ state: 'dead' });
      if (error.code === 'ENOENT') return finish({ state: 'absent' });
      // A full accept queue: someone is there, too busy to take one more connection.
      if (error.code === 'EAGAIN') return finish({ state: 'alive' });
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    });
  });
}
