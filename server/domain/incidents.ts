// Every incident is built here, whatever raised it (a phone's panic, a wristband's SOS, a soft alert, a
// zone entry): one shape, one id scheme, one place that decides severity.
import { randomUUID } from 'node:crypto';
import type { Incident } from '../../src/api/entities.ts';
import type { RiskLevel } from '../../src/api/fields.ts';

export type IncidentSource = 'panic' | 'band' | 'soft' | 'geofence' | 'watch';

/** Where the incident is: its point, its region and the zone that placed it, if any. */
export interface IncidentPlace {
  latitude: number;
  longitude: number;
  regionId: string;
  zone?: { geofenceId: string; riskLevel: RiskLevel; placeId?: string };
}

/**
 * Whether the call that raised something proved which tourist sent it (a valid device token naming the
 * tourist it reports for), and if not, why: the reason is kept in the incident's meta for the operator.
 */
export type Verification = { verified: true } | { verified: false; reason: string };

export const VERIFIED: Verification = { verified: true };

export interface NewIncident {
  /** Given when the id was promised before the incident could be stored (a panic taken during start). */
  id?: string;
  type: Incident['type'];
  source: IncidentSource;
  place: IncidentPlace;
  touristId: string | null;
  deviceId: string | null;
  /** When the server received it (or, for a zone entry, when the ping was taken). */
  createdAt: string;
  reportedAt?: string | null;
  /** Facts beyond the zone: repaired fields, no location, position time. */
  extraMeta?: Omit<Incident['meta'], 'source' | 'geofenceId' | 'riskLevel' | 'placeId' | 'unverified'>;
  verification: Verification;
}

export const newIncidentId = (): string => `inc-${randomUUID()}`;

function severityOf(type: Incident['type'], riskLevel: RiskLevel | undefined): Incident['severity'] {
  // A band's fall is a panic its wearer could not send (issue 32).
  if (type === 'panic' || type === 'fall') return 'high';
  if (type === 'geofence') return riskLevel === 'red' ? 'high' : 'medium';
  return 'low';
}

export function buildIncident(input: NewIncident): Incident {
  const { place } = input;
  return {
    id: input.id ?? newIncidentId(),
    type: input.type,
    severity: severityOf(input.type, place.zone?.riskLevel),
    status: 'open',
    latitude: place.latitude,
    longitude: place.longitude,
    createdAt: input.createdAt,
    reportedAt: input.reportedAt ?? null,
    acknowledgedAt: null,
    resolvedAt: null,
    acknowledgedBy: null,
    resolvedBy: null,
    assignee: null,
    escalatedAt: null,
    regionId: place.regionId,
    touristId: input.touristId,
    deviceId: input.deviceId,
    meta: {
      source: input.source,
      ...place.zone,
      ...input.extraMeta,
      ...(!input.verification.verified && { unverified: input.verification.reason }),
    },
    verified: input.verification.verified,
  };
}
