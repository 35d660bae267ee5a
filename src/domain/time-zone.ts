// IANA time zone names, as the regions form offers them and the server accepts them. Intl decides: a
// name it cannot format with would make the safety credit's night count fall back to UTC.

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
