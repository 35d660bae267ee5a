// Band and phone events (issue 32), pure: what an event's type asks of the server, the reading a vitals
// event carries, and whether it passes the region's bounds. The server's event routes and its tests use them.
import type { WatchSettings } from '../api/watch.ts';

/** What an event raises: a panic (SOS), a fall (a panic of its own type), a watch incident, or nothing. */
export type EventEffect = 'sos' | 'fall' | 'vitals' | 'band_removed';

const effects: Readonly<Record<string, EventEffect>> = {
  sos: 'sos',
  fall: 'fall',
  heart_rate: 'vitals',
  spo2: 'vitals',
  removed: 'band_removed',
  tamper: 'band_removed',
};

/** Event types compare without case: a band that says `SOS` means it. Unknown types raise nothing. */
export function effectOf(type: string): EventEffect | null {
  return effects[type.toLowerCase()] ?? null;
}

export const raisesPanic = (type: string): boolean => {
  const effect = effectOf(type);
  return effect === 'sos' || effect === 'fall';
};

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The reading of a `heart_rate` or `spo2` event: the payload itself when a number, else its `value`, else the
 * field bands name it by (`bpm` or `heartRate`; `spo2` or `percent`). Null when it carries none.
 */
export function readingOf(type: string, payload: unknown): number | null {
  const direct = finite(payload);
  if (direct !== null) return direct;
  if (typeof payload !== 'object' || payload === null) return null;
  const fields = payload as Record<string, unknown>;
  const names = type.toLowerCase() === 'spo2' ? ['value', 'spo2', 'percent'] : ['value', 'bpm', 'heartRate'];
  for (const name of names) {
    const value = finite(fields[name]);
    if (value !== null) return value;
  }
  return null;
}

export interface VitalsBreach {
  vital: 'heart_rate' | 'spo2';
  value: number;
  bound: number;
  boundKind: 'min' | 'max';
}

/** The bound a reading passes (a reading on the bound is inside), or null when it is within them or is no vitals event. */
export function vitalsBreach(type: string, value: number, bounds: WatchSettings['vitals']): VitalsBreach | null {
  const vital = type.toLowerCase();
  if (vital === 'heart_rate') {
    if (value < bounds.heartRateMin) return { vital, value, bound: bounds.heartRateMin, boundKind: 'min' };
    if (value > bounds.heartRateMax) return { vital, value, bound: bounds.heartRateMax, boundKind: 'max' };
    return null;
  }
  if (vital === 'spo2' && value < bounds.spo2Min) return { vital, value, bound: bounds.spo2Min, boundKind: 'min' };
  return null;
}

/** A position the event's payload carries (`latitude`, `longitude` in range), else null. */
export function positionIn(payload: unknown): { latitude: number; longitude: number } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { latitude, longitude } = payload as Record<string, unknown>;
  const lat = finite(latitude);
  const lng = finite(longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}
