// The watch's rules (issue 32), pure: given what the server last saw of a tourist, the region's settings
// (with a zone's override), its time zone and `now`, which rule is due, how severe, and when to look again.
// The server's ingest (to index the next due time) and its check job (to decide) both call these.
import type { WatchSettings, ZoneWatchOverride } from '../api/watch.ts';
import { inEnglish } from '../i18n/english.ts';
import type { Translate } from '../i18n/translate.ts';
import { metresBetween } from './geo.ts';
import { localHour } from './time-zone.ts';

export type WatchRule = 'silent' | 'stranded';
export type WatchSeverity = 'high' | 'medium' | 'low';

/**
 * Defaults, and why: 30 min of silence is longer than a phone in a pocket goes without a fix on a walk,
 * yet short enough that a search starts in daylight; a red zone (gorge, cliff edge) gets 10 min because a
 * fall there is the reason it is red; at night (19:00–06:00) 15 min, as help is slower to reach and the
 * tourist less likely to be in a hotel lobby. Stranded: 20 min still in a red zone is longer than any photo
 * stop; 45 in a yellow one allows a meal or rest. 50 m is about twice a phone's GPS error under trees.
 */
export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  silentAfterS: 30 * 60,
  silentInRedAfterS: 10 * 60,
  silentAtNightAfterS: 15 * 60,
  strandedAfterS: 20 * 60,
  strandedInYellowAfterS: 45 * 60,
  strandedRadiusM: 50,
  vitals: { heartRateMin: 40, heartRateMax: 150, spo2Min: 90 },
};

export const NIGHT_STARTS_HOUR = 19;
export const NIGHT_ENDS_HOUR = 6;
/** "Was reporting": this many pings within the hour before the last one (the last one included). */
export const REPORTING_PINGS = 3;
export const REPORTING_WINDOW_S = 3600;

/** What the server last saw of one tourist or device: receive times only, never a phone's clock. */
export interface LastSeen {
  seenAt: string;
  latitude: number;
  longitude: number;
  /** The red or yellow zone it was last seen in (red wins), and its region; null outside both. */
  zoneId: string | null;
  zoneRisk: 'red' | 'yellow' | null;
  /** Pings received in the hour up to `seenAt`, counting at most REPORTING_PINGS. */
  pingsInLastHour: number;
  lastSoftAlert: string | null;
  /** Since when it has stayed within the stranded radius of where it is now. */
  stillSince: string;
  /** `seenAt` of the silence already raised, `stillSince` of the stay already raised (null: none). */
  silentRaisedFor: string | null;
  strandedRaisedFor: string | null;
}

export interface WatchFinding {
  rule: WatchRule;
  severity: WatchSeverity;
  meta: {
    rule: WatchRule;
    lastSeenAt: string;
    limitS: number;
    atNight: boolean;
    zoneId?: string;
    riskLevel?: 'red' | 'yellow';
    silentForS?: number;
    strandedForS?: number;
    afterLowBattery?: boolean;
    demoLimits?: boolean;
    reason: string;
  };
}

export interface WatchVerdict {
  /** Rules due now (and not raised yet for this silence or this stay). */
  due: WatchFinding[];
  /** When a rule not yet due becomes due (or the pause ends); null when nothing more can come without a new ping. */
  nextCheckAt: string | null;
}

/** The region's settings with the zone's override on top (the override's values only). */
export function effectiveSettings(region: WatchSettings, override?: ZoneWatchOverride | null): WatchSettings {
  if (!override) return region;
  const { vitals, ...rest } = override;
  return { ...region, ...rest, vitals: { ...region.vitals, ...vitals } };
}

/** The watch's night: 19:00 up to (not including) 06:00 in the region's time zone (the credit's is isNightForScore). */
export function isNightForWatch(at: Date, timeZone: string): boolean {
  const hour = localHour(at, timeZone);
  return hour >= NIGHT_STARTS_HOUR || hour < NIGHT_ENDS_HOUR;
}

/** The shortest limit that applies: red, night and the general one can all hold at once. */
export function silentLimitS(settings: WatchSettings, zoneRisk: LastSeen['zoneRisk'], night: boolean): number {
  const limits = [settings.silentAfterS];
  if (zoneRisk === 'red') limits.push(settings.silentInRedAfterS);
  if (night) limits.push(settings.silentAtNightAfterS);
  return Math.min(...limits);
}

/** Only inside a red or yellow zone is standing still a concern. */
export function strandedLimitS(settings: WatchSettings, zoneRisk: LastSeen['zoneRisk']): number | null {
  if (zoneRisk === 'red') return settings.strandedAfterS;
  if (zoneRisk === 'yellow') return settings.strandedInYellowAfterS;
  return null;
}

const SEVERITY_ORDER: readonly WatchSeverity[] = ['low', 'medium', 'high'];
const oneHigher = (severity: WatchSeverity): WatchSeverity =>
  SEVERITY_ORDER[Math.min(SEVERITY_ORDER.indexOf(severity) + 1, 2)];

const minutes = (s: number) => `${Math.round(s / 60)} min`;

/** The moment each rule becomes due for this record, and whether it was raised already. */
export function dueTimes(
  seen: LastSeen,
  settings: WatchSettings,
  timeZone: string,
): { silentAt: number | null; strandedAt: number | null; night: boolean } {
  const seenMs = Date.parse(seen.seenAt);
  const night = isNightForWatch(new Date(seenMs), timeZone);
  const reporting = seen.pingsInLastHour >= REPORTING_PINGS;
  const silentAt =
    reporting && seen.silentRaisedFor !== seen.seenAt
      ? seenMs + silentLimitS(settings, seen.zoneRisk, night) * 1000
      : null;
  const strandedLimit = strandedLimitS(settings, seen.zoneRisk);
  const strandedAt =
    strandedLimit !== null && seen.strandedRaisedFor !== seen.stillSince
      ? Date.parse(seen.stillSince) + strandedLimit * 1000
      : null;
  return { silentAt, strandedAt, night };
}

/** The earliest moment the check should look at this record (ISO), or null. */
export function nextDueAt(seen: LastSeen, settings: WatchSettings, timeZone: string): string | null {
  const { silentAt, strandedAt } = dueTimes(seen, settings, timeZone);
  const times = [silentAt, strandedAt].filter((t): t is number => t !== null);
  return times.length === 0 ? null : new Date(Math.min(...times)).toISOString();
}

/**
 * Which rules are due at `now`. A rule is due strictly after its limit. While paused nothing is due and the
 * record is looked at again when the pause ends. The reasons are English by default: the server keeps them.
 */
export function evaluateWatch(
  seen: LastSeen,
  settings: WatchSettings,
  timeZone: string,
  now: Date,
  pausedUntil: string | null = null,
  t: Translate = inEnglish,
): WatchVerdict {
  const { silentAt, strandedAt, night } = dueTimes(seen, settings, timeZone);
  const nowMs = now.getTime();
  const pending = [silentAt, strandedAt].filter((t): t is number => t !== null);
  if (pausedUntil !== null && Date.parse(pausedUntil) > nowMs) {
    return {
      due: [],
      nextCheckAt:
        pending.length === 0 ? null : new Date(Math.max(Date.parse(pausedUntil), Math.min(...pending))).toISOString(),
    };
  }
  const base = {
    lastSeenAt: seen.seenAt,
    ...(seen.zoneId !== null && { zoneId: seen.zoneId }),
    ...(seen.zoneRisk !== null && { riskLevel: seen.zoneRisk }),
    ...(settings.demoLimits === true && { demoLimits: true }),
  };
  const baseSeverity: WatchSeverity = seen.zoneRisk === 'red' || night ? 'high' : 'medium';
  const risk = seen.zoneRisk ?? 'none';
  const due: WatchFinding[] = [];
  const later: number[] = [];
  if (silentAt !== null) {
    if (nowMs > silentAt) {
      const limitS = silentLimitS(settings, seen.zoneRisk, night);
      const afterLowBattery = seen.lastSoftAlert === 'low_battery';
      const silentForS = Math.floor((nowMs - Date.parse(seen.seenAt)) / 1000);
      const reason = t('watch.rule.silent', {
        silentFor: minutes(silentForS),
        limit: minutes(limitS),
        risk,
        night: night ? 'yes' : 'no',
        battery: afterLowBattery ? 'yes' : 'no',
      });
      due.push({
        rule: 'silent',
        severity: afterLowBattery ? oneHigher(baseSeverity) : baseSeverity,
        meta: {
          rule: 'silent',
          ...base,
          limitS,
          atNight: night,
          silentForS,
          ...(afterLowBattery && { afterLowBattery }),
          reason,
        },
      });
    } else later.push(silentAt);
  }
  if (strandedAt !== null) {
    if (nowMs > strandedAt) {
      const limitS = strandedLimitS(settings, seen.zoneRisk)!;
      const strandedForS = Math.floor((nowMs - Date.parse(seen.stillSince)) / 1000);
      const atNight = isNightForWatch(now, timeZone);
      const reason = t('watch.rule.stranded', {
        radius: settings.strandedRadiusM,
        strandedFor: minutes(strandedForS),
        limit: minutes(limitS),
        risk,
        night: atNight ? 'yes' : 'no',
      });
      due.push({
        rule: 'stranded',
        severity: seen.zoneRisk === 'red' || atNight ? 'high' : 'medium',
        meta: { rule: 'stranded', ...base, limitS, atNight, strandedForS, reason },
      });
    } else later.push(strandedAt);
  }
  return { due, nextCheckAt: later.length === 0 ? null : new Date(Math.min(...later)).toISOString() };
}

/**
 * The record after a new ping received at `seenAt`: the stay goes on while within the radius of where it
 * was (`stillAt`), else starts again here. `recentSeen`: the receive times before this one, newest first.
 */
export function stayAfterPing(
  previous: { stillSince: string; stillLatitude: number; stillLongitude: number } | null,
  ping: { latitude: number; longitude: number },
  seenAt: string,
  radiusM: number,
): { stillSince: string; stillLatitude: number; stillLongitude: number } {
  if (
    previous &&
    metresBetween([previous.stillLatitude, previous.stillLongitude], [ping.latitude, ping.longitude]) <= radiusM
  )
    return previous;
  return { stillSince: seenAt, stillLatitude: ping.latitude, stillLongitude: ping.longitude };
}

/** Pings in the hour up to `seenAt`, from the receive times kept (newest first, `seenAt` first), at most REPORTING_PINGS. */
export function pingsInHourBefore(recentSeen: readonly string[], seenAt: string): number {
  const from = Date.parse(seenAt) - REPORTING_WINDOW_S * 1000;
  return recentSeen.slice(0, REPORTING_PINGS).filter((at) => Date.parse(at) >= from).length;
}
