// Loaded into the benchmarked server (bench-server.ts puts it in NODE_OPTIONS): SIGUSR2 runs a full
// garbage collection, so a memory figure counts what is held, not what is merely not yet collected.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
process.on('SIGUSR2', () => collect());
