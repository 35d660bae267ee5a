// The first panic after a start paid for the store's cold caches and the server's cold code: on this
// machine 50 ms more than the rest on PGlite, 25 ms on PostgreSQL. Once the server is ready, one panic goes
// the whole way through its transaction and is rolled back, so the first real one finds both warm. Nothing
// of it is kept, announced or sent: its stream messages are dropped and its transaction never commits.
import type { AppContext } from '../context.ts';
import { idempotencyClaim, panicTransaction } from './panic.ts';
import type { PanicRequest } from './panic-request.ts';
import { serverClock } from '../domain/server-clock.ts';

const REHEARSED: PanicRequest = {
  latitude: 25.5788,
  longitude: 91.8933,
  touristId: null,
  deviceId: null,
  reportedAt: null,
  repaired: [],
};

class RolledBack extends Error {}

export async function rehearsePanic(ctx: AppContext): Promise<void> {
  const claim = idempotencyClaim(`panic-rehearsal-${Date.now()}`, REHEARSED, '127.0.0.1', 'panic-alert');
  const work = panicTransaction(ctx, REHEARSED, { source: 'panic' }, serverClock.iso(), claim);
  await ctx.db
    .transaction(
      async (tx) => {
        await work(tx, () => {});
        throw new RolledBack();
      },
      { priority: 'background' },
    )
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}
