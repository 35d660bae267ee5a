// IANA time zone names, as the regions form offers them and the server accepts them. Intl decides: a
// name it cannot format with falls back to the default zone, for the credit's and the watch's nights alike.

/**
 * The zone of the seeded regions (all Indian), and the one used wherever a region's own is missing or not
 * one Intl knows: the console's clock before a region is known, a new region's form, the night rules.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** `Asia/Kolkata`, `UTC`: a name Intl accepts. Offsets like `+05:30` are refused: they ignore daylight saving. */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A time zone name Intl accepts, else the default: a bad value in the regions table must not break a rule. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isIanaTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** Hour of the day (0..23) on the wall clock of `timeZone`, for the night rules of the score and the watch. */
export function localHour(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.formatToParts(at).find((part) => part.type === 'hour')?.value);
}

/** Every zone this runtime knows, for a select; a runtime without the list offers the common one. */
export function knownTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
