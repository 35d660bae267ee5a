// How an operator reads a moment (issue 36): the date and a 24-hour time in the region's time zone, in the
// console's language. The API and CSV keep ISO 8601 in UTC; only the screen converts. Before a region is
// known (the sign-in page, a report's header) the clock reads the default zone.
import { DEFAULT_TIME_ZONE } from '../domain/time-zone.ts';

export interface ClockStyle {
  /** A BCP 47 tag with its digits pinned (localeTag in ./languages.ts). */
  locale: string;
  timeZone: string;
  /** The 12-hour setting; 24-hour by default, as a control room's log reads. */
  hour12: boolean;
}

export const DEFAULT_CLOCK: ClockStyle = { locale: 'en-IN-u-nu-latn', timeZone: DEFAULT_TIME_ZONE, hour12: false };

type Shape = 'dateTime' | 'time' | 'timeSeconds';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

// A formatter costs a locale data lookup (tens of ms the first time): one per style and shape, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(style: ClockStyle, shape: Shape): Intl.DateTimeFormat {
  const key = `${style.locale}|${style.timeZone}|${style.hour12}|${shape}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // `hourCycle`, not `hour12: false`: the latter gives 24:05 instead of 00:05 in some locales.
    formatter = new Intl.DateTimeFormat(withIndianEnglishAfter(style.locale), {
      ...SHAPES[shape],
      timeZone: style.timeZone,
      hourCycle: style.hour12 ? 'h12' : 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The locale, then Indian English with the same digits: a browser without the language's date data (Chromium
 * has none for Assamese) reads "27 Nov 2026, 07:31:02" rather than its own default, often "Nov 27, 2026".
 */
function withIndianEnglishAfter(locale: string): string[] {
  const digits = /-u-nu-[a-z]+$/.exec(locale)?.[0] ?? '';
  return [locale, `en-IN${digits}`];
}

function format(iso: string | null | undefined, style: ClockStyle, shape: Shape): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatterFor(style, shape).format(date);
}

/** `27 Nov 2026, 05:00:00`: the date and the time, for tables, the drawer, the audit. */
export const formatDateTime = (iso: string | null | undefined, style: ClockStyle): string =>
  format(iso, style, 'dateTime');

/** `05:00`: a moment of today, in a sentence or a bar. */
export const formatClockTime = (iso: string | null | undefined, style: ClockStyle): string =>
  format(iso, style, 'time');

/** `05:00:12`: a replay's clock. */
export const formatClockSeconds = (iso: string | null | undefined, style: ClockStyle): string =>
  format(iso, style, 'timeSeconds');

/** `Asia/Kolkata (GMT+5:30)`: the zone named once on screen, so no time is read in the wrong one. */
export function timeZoneName(style: ClockStyle, at = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: style.timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${style.timeZone} (${offset})` : style.timeZone;
}
