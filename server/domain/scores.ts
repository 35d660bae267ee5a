// Safety score and safety credit (Heuristic v1 of API.md) as pure functions of incidents and a clock.
import { softIncidentTypes, type IncidentStatus, type IncidentType, type Severity } from '../../src/api/fields.ts';
import { MAX_SCORE } from '../../src/domain/scores.ts';
import { localHour } from '../../src/domain/time-zone.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ScoredIncident {
  type: IncidentType;
  severity: Severity;
  status: IncidentStatus;
  createdAt: Date;
}

export interface CreditComponents {
  densityPenalty: number;
  unresolvedPenalty: number;
  softPenalty: number;
  nightPenalty: number;
}

export interface CreditCounts {
  total: number;
  unresolved: number;
  softAlerts: number;
  nightCount: number;
}

export interface SafetyCredit {
  score: number;
  components: CreditComponents;
  counts: CreditCounts;
}

export function safetyScore(incidentCount: number): number {
  return Math.max(0, MAX_SCORE - Math.min(MAX_SCORE, 3 * incidentCount));
}

/** Ages are measured from `now`; an incident stamped in the future counts as brand new. */
export function recencyWeight(createdAt: Date, now: Date): number {
  const ageMs = now.getTime() - createdAt.getTime();
  if (ageMs < DAY_MS) return 1.0;
  if (ageMs < 7 * DAY_MS) return 0.7;
  if (ageMs < 30 * DAY_MS) return 0.4;
  return 0.2;
}

const severityWeights: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

export function severityWeight(severity: Severity): number {
  return severityWeights[severity];
}

/** The credit's night: 22:00 up to (not including) 06:00 local time (the watch's night is longer: isNightForWatch). */
export function isNightForScore(at: Date, timeZone: string): boolean {
  const hour = localHour(at, timeZone);
  return hour >= 22 || hour < 6;
}

const softTypes: ReadonlySet<IncidentType> = new Set(softIncidentTypes);

export function safetyCredit(incidents: readonly ScoredIncident[], now: Date, timeZone: string): SafetyCredit {
  const counts: CreditCounts = { total: incidents.length, unresolved: 0, softAlerts: 0, nightCount: 0 };
  let density = 0;
  for (const incident of incidents) {
    density += 2 * severityWeight(incident.severity) * recencyWeight(incident.createdAt, now);
    if (incident.status !== 'resolved') counts.unresolved += 1;
    if (softTypes.has(incident.type)) counts.softAlerts += 1;
    if (isNightForScore(incident.createdAt, timeZone)) counts.nightCount += 1;
  }
  const share = (part: number) => (counts.total === 0 ? 0 : part / counts.total);
  const components: CreditComponents = {
    densityPenalty: Math.min(500, density),
    unresolvedPenalty: Math.min(250, 250 * share(counts.unresolved)),
    softPenalty: Math.min(100, 100 * share(counts.softAlerts)),
    nightPenalty: Math.min(50, 50 * share(counts.nightCount)),
  };
  const penalties =
    components.densityPenalty + components.unresolvedPenalty + components.softPenalty + components.nightPenalty;
  return { score: Math.max(0, Math.round(MAX_SCORE - penalties)), components, counts };
}

/** Components go on the wire with 2 decimals: 2 × 3 × 0.7 is 4.199999… in floating point. */
export function roundComponents(components: CreditComponents): CreditComponents {
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return {
    densityPenalty: round2(components.densityPenalty),
    unresolvedPenalty: round2(components.unresolvedPenalty),
    softPenalty: round2(components.softPenalty),
    nightPenalty: round2(components.nightPenalty),
  };
}
