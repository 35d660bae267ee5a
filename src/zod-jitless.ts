// The dashboard's `zod` (vite.config.ts aliases the bare specifier here). zod decides whether to compile
// each parser with `new Function` while the schema is built, and the Content-Security-Policy forbids
// eval. Every module that builds a schema imports this first, so the setting precedes every schema in
// whichever chunk the bundler puts it. The server imports the real zod and keeps its compiled parsers.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
