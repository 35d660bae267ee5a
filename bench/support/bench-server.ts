import { fileURLToPath } from 'node:url';
import { spawnServer, type SpawnedServer, type SpawnOptions } from '../../tools/spawn-server.ts';

const GC_ON_SIGNAL = fileURLToPath(new URL('./gc-on-signal.mjs', import.meta.url));

/** The limits that would refuse a benchmark's crowd, lifted (see spawnBenchServer). */
export const BENCH_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '0',
  READ_RATE_LIMIT_PER_MINUTE: '0',
  STREAM_MAX_CLIENTS: '6000',
  STREAM_MAX_CLIENTS_PER_ADDRESS: '0',
};

/**
 * The real server as `npm start` runs it, on PGlite, with the limits that would refuse a benchmark's crowd
 * lifted: rate limits off, room for 6,000 streams in all (the default is 5,000) and any number per address,
 * since every benchmark client comes from 127.0.0.1. SIGUSR2 makes it collect garbage (gc-on-signal.mjs);
 * BENCH_SERVER_NODE_OPTIONS reaches the server alone (a profiling hook, say).
 */
export function spawnBenchServer(env: Record<string, string> = {}, options?: SpawnOptions): Promise<SpawnedServer> {
  return spawnServer(
    {
      DATABASE_URL: '',
      ...BENCH_LIMITS,
      NODE_OPTIONS: `--import ${GC_ON_SIGNAL} ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ''}`,
      ...env,
    },
    [],
    options,
  );
}

export const QUICK = process.env.BENCH_QUICK === '1';
