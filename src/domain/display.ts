// How values read on screen, in the tables and on the map (SPEC §9): coordinates to 5 decimals, digests cut
// to 16 characters, a dash for what is missing.
import type { LatLng } from './geo.ts';

export const COORDINATE_DECIMALS = 5;
export const DIGEST_DISPLAY_LENGTH = 16;

export function formatCoordinate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(COORDINATE_DECIMALS) : '—';
}

export function truncateDigest(digest: string | null | undefined): string {
  return (digest ?? '').slice(0, DIGEST_DISPLAY_LENGTH);
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The time of day alone (18:02), for a sentence that names a moment of today's watch. */
export function formatClock(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** "Unverified" is shown only when the server said so; a record from before the field existed shows nothing. */
export function isUnverified(record: object): boolean {
  return (record as { verified?: unknown }).verified === false;
}

export const orDash = (value: string | null | undefined): string => (value ? value : '—');

export function formatPosition({ latitude, longitude }: LatLng): string {
  return `${formatCoordinate(latitude)}, ${formatCoordinate(longitude)}`;
}
