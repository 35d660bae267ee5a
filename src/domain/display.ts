// How values read on screen, in the tables and on the map (SPEC §9): coordinates to 5 decimals, digests cut
// to 16 characters, a dash for what is missing.
import type { LatLng } from './geo.ts';
import { formatClockTime, formatDateTime, type ClockStyle } from '../i18n/clock.ts';

export const COORDINATE_DECIMALS = 5;
export const DIGEST_DISPLAY_LENGTH = 16;

export function formatCoordinate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(COORDINATE_DECIMALS) : '—';
}

export function truncateDigest(digest: string | null | undefined): string {
  return (digest ?? '').slice(0, DIGEST_DISPLAY_LENGTH);
}

/** The date and time in the operator's clock (issue 36: the region's zone, 24-hour unless chosen otherwise). */
export const formatTime = (iso: string | null | undefined, clock: ClockStyle): string => formatDateTime(iso, clock);

/** The time of day alone (18:02), for a sentence that names a moment of today's watch. */
export const formatClock = (iso: string | null | undefined, clock: ClockStyle): string => formatClockTime(iso, clock);

/** "Unverified" is shown only when the server said so; a record from before the field existed shows nothing. */
export function isUnverified(record: object): boolean {
  return (record as { verified?: unknown }).verified === false;
}

/** "350 m", or "1.3 km" from a kilometre up: a unit's distance, a replayed track's length. */
export function formatDistance(metres: number): string {
  const whole = Math.round(metres);
  return whole >= 1000 ? `${(whole / 1000).toFixed(1)} km` : `${whole} m`;
}

export const orDash = (value: string | null | undefined): string => (value ? value : '—');

export function formatPosition({ latitude, longitude }: LatLng): string {
  return `${formatCoordinate(latitude)}, ${formatCoordinate(longitude)}`;
}
