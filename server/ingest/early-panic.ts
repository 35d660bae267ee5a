// A panic taken while the store is still opening is answered from the durable journal alone. Its ids and
// receive time are fixed then and kept; what only the store knows (the zone and region, a band's last known
// position) is found when the journal is replayed, with the same builder as every other panic.
import type { Sql } from '../db/seam.ts';
import type { JournaledPanic } from '../db/panic-journal.ts';
import { placementsOf, type Placement } from '../stores/geofences.ts';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import { placeBandPanic, type BandPanic } from './band-panic.ts';
import { claimHash, panicAnswer, type PanicAnswer, type PanicIds, type PanicOrigin } from './panic.ts';
import type { PanicRequest } from './panic-request.ts';

export interface EarlyPanic {
  request: PanicRequest;
  origin: Omit<PanicOrigin, 'alsoInTransaction'>;
  /** A wristband's SOS: its position is looked up at the replay, and what it sent beside is stored then. */
  band?: BandPanic['details'];
  /** A device's event that carried no position: the last known one is looked up at the replay. */
  positionLookedUpLater?: true;
}

/** The answer given from the journal: during start region `default` and no zone, until the replay places it. */
export function earlyPanicAnswer(
  early: EarlyPanic,
  receivedAt: string,
  ids: PanicIds,
  placement: Placement = { regionId: DEFAULT_REGION_ID },
): PanicAnswer {
  return panicAnswer(early.request, early.origin, receivedAt, placement, ids);
}

/** A journaled panic to place, under the ids it is stored with. */
export interface EarlyPanicToPlace {
  record: JournaledPanic & { early: EarlyPanic };
  ids: PanicIds;
}

/**
 * The panics as they are stored: placed with the store open (the zones read once for all), under the ids and
 * receive times they were answered with; `claimHash` is what a retry after start must match (a band's SOS
 * now carries its position).
 */
export async function placeEarlyPanics(
  tx: Sql,
  regionOutsideZones: (point: LatLng) => string,
  panics: readonly EarlyPanicToPlace[],
): Promise<{ answer: PanicAnswer; claimHash: string }[]> {
  const located: Pick<EarlyPanic, 'request' | 'origin'>[] = [];
  for (const { record } of panics) {
    const { early } = record;
    located.push(early.band || early.positionLookedUpLater ? await placeBandPanic(tx, early) : early);
  }
  const placements = await placementsOf(
    tx,
    located.map(({ request }) => request),
    regionOutsideZones,
  );
  return located.map(({ request, origin }, i) => ({
    answer: panicAnswer(request, origin, panics[i].record.answer.incident.createdAt, placements[i], panics[i].ids),
    claimHash: claimHash(request),
  }));
}
