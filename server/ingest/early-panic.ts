// A panic taken while the store is still opening is answered from the durable journal alone. Its ids and
// receive time are fixed then and kept; what only the store knows (the zone and region, a band's last known
// position) is found when the journal is replayed, with the same builder as every other panic.
import type { Sql } from '../db/seam.ts';
import type { JournaledPanic } from '../db/panic-journal.ts';
import { placementOf, type Placement } from '../stores/geofences.ts';
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

/**
 * The panic as it is stored: placed with the store open, under the ids and receive time it was answered
 * with; `claimHash` is what a retry after start must match (a band's SOS now carries its position).
 */
export async function placeEarlyPanic(
  tx: Sql,
  regionOutsideZones: (point: LatLng) => string,
  { answer, early }: JournaledPanic & { early: EarlyPanic },
  ids: PanicIds = { incidentId: answer.incident.id, alertId: answer.alert.id },
): Promise<{ answer: PanicAnswer; claimHash: string }> {
  const { request, origin } = early.band || early.positionLookedUpLater ? await placeBandPanic(tx, early) : early;
  const placement = await placementOf(tx, request.latitude, request.longitude, regionOutsideZones);
  return {
    answer: panicAnswer(request, origin, answer.incident.createdAt, placement, ids),
    claimHash: claimHash(request),
  };
}
