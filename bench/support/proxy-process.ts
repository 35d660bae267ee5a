// The TCP proxy of tools/tcp-proxy.ts in a process of its own (proxy.ts drives it): the bench's own work
// (reading the stream, polling the store) does not delay the bytes between the server and PostgreSQL.
import { addressOf, startTcpProxy } from '../../tools/tcp-proxy.ts';

type Command = 'cut' | 'restore' | 'close';

const proxy = await startTcpProxy(addressOf(process.argv[2]));
process.send!({ type: 'ready', port: proxy.port });
process.on('message', (command: Command) => {
  void proxy[command]().then(() => {
    process.send!({ type: command });
    if (command === 'close') process.disconnect();
  });
});
