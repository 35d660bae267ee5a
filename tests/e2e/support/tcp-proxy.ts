// A TCP proxy between the server and PostgreSQL that can be cut (issue 47): every connection through it
// dropped and new ones refused, which is what a failover, a restart or a partition looks like to the server;
// restored, it takes connections again on the same port.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Drops every connection and refuses new ones until restore(). */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

const stopListening = (server: Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

export async function startTcpProxy({ target }: { target: { host: string; port: number } }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await listen(server, 0);
  const { port } = server.address() as { port: number };
  return {
    port,
    async cut() {
      const closed = stopListening(server);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(server, port),
    async close() {
      const closed = stopListening(server);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
