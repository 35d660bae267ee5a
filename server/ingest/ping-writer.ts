// GPS pings from every request go through one group commit: requests that arrive while a group is being
// stored share the next transaction, each answered only once its group has committed.
import { MAX_GPS_BATCH } from '../../src/api/fields.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import type { AppContext } from '../context.ts';
import type { PositionBus } from '../positions/position-bus.ts';
import { runsConcurrentTransactions, type StorageMode } from '../db/seam.ts';
import { HttpError, INTERNAL_ERROR_MESSAGE } from '../http/errors.ts';
import { GroupCommit, GroupCommitFailed, GroupCommitFull } from './group-commit.ts';
import { ingestPings, type PingSubmission } from './pings.ts';
import { WatchConfigCache } from '../watch/watch-config.ts';
import { ZoneCache } from './zone-cache.ts';

const RETRY_AFTER_SECONDS = 1;

/** PostgreSQL's pool (10) also serves reads and panics; PGlite has one connection. */
const GROUPS_IN_FLIGHT: Record<StorageMode, number> = { postgres: 4, pglite: 1 };

export class PingWriter {
  readonly groups: GroupCommit<PingSubmission>;

  /**
   * A group holds at most one full batch: the transaction (and what waits behind it on PGlite's one
   * connection, a panic included) is never longer than a /gps/batch request's alone. `regionOf`: where a
   * point outside every zone belongs, from the in-memory boundaries (no query per ping). A group's positions
   * go to `positions` once it has committed.
   */
  constructor(
    write: AppContext['write'],
    mode: StorageMode,
    maxQueuedPings: number,
    regionOf: (point: LatLng) => string,
    positions: PositionBus,
  ) {
    const zones = new ZoneCache();
    const watchConfig = new WatchConfigCache();
    this.groups = new GroupCommit<PingSubmission>({
      commit: async (submissions) => {
        const stored = await write((tx, emit) =>
          ingestPings(tx, emit, submissions, zones, watchConfig, regionOf, runsConcurrentTransactions(mode)),
        );
        positions.publish(stored);
      },
      weight: (submission) => submission.pings.length,
      maxGroupWeight: MAX_GPS_BATCH,
      maxQueuedWeight: maxQueuedPings,
      maxInFlight: GROUPS_IN_FLIGHT[mode],
    });
  }

  /**
   * Resolves once the pings are committed. A failed group fails each of its requests with a 500; the cause
   * is logged once, not once per request (a group may hold a thousand). A full queue answers 503.
   */
  async store(submission: PingSubmission): Promise<void> {
    try {
      await this.groups.submit(submission);
    } catch (error) {
      if (error instanceof GroupCommitFailed)
        throw error.first ? error.cause : new HttpError(500, INTERNAL_ERROR_MESSAGE);
      if (!(error instanceof GroupCommitFull)) throw error;
      throw new HttpError(
        503,
        `Too many GPS pings are waiting to be stored; send again in ${RETRY_AFTER_SECONDS} s.`,
        undefined,
        {
          'retry-after': String(RETRY_AFTER_SECONDS),
        },
      );
    }
  }
}
