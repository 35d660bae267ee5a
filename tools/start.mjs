// `npm start`: runs the compiled server (compiling it first when the sources changed), in this process.
import { pathToFileURL } from 'node:url';
import { ensureServerBundle } from './server-bundle.mjs';

const { path, compiledMs } = await ensureServerBundle();
if (compiledMs > 0) console.log(`Compiled the server in ${compiledMs} ms`);
await import(pathToFileURL(path).href);
