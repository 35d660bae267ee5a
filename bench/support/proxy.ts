// A TCP proxy to PostgreSQL that a bench script can cut, run in its own process (proxy-process.ts).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TcpProxy } from '../../tools/tcp-proxy.ts';

const PROXY_PROCESS = fileURLToPath(new URL('./proxy-process.ts', import.meta.url));

export async function startProxyProcess(databaseUrl: string): Promise<TcpProxy> {
  const child = fork(PROXY_PROCESS, [databaseUrl], { execArgv: ['--import', 'tsx'] });
  const reply = (type: string) =>
    new Promise<{ port?: number }>((resolve, reject) => {
      const onMessage = (message: { type: string; port?: number }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`the proxy process exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = async (command: 'cut' | 'restore' | 'close') => {
    if (!child.connected) return;
    const answered = reply(command);
    child.send(command);
    await answered;
  };
  const { port } = await reply('ready');
  return {
    port: port!,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: () => ask('cut'),
    restore: () => ask('restore'),
    close: () => ask('close'),
  };
}
