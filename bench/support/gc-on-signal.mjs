// Loaded into the benchmarked server (bench-server.ts puts it in NODE_OPTIONS): SIGUSR2 runs a full
// garbage collection, so a memory figure counts what is held, not what is merely not yet collected.
// Plain JavaScript: as TypeScript it needed tsx's loader in the server, whose thread `npm start` does not
// have, held about 380 MB at start and let it go some 15 s later, in the middle of the memory figures.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
process.on('SIGUSR2', () => collect());
