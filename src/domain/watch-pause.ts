// The operator's pause of a tourist's watch (issue 32 point 4): when a preset ends, what the dialog sends,
// and the sentence the drawer shows. Times are the region's wall clock: "07:00" is 07:00 where the tourist is,
// whatever the console's own time zone.
import type { WatchPause } from '../api/watch.ts';
import { inEnglish } from '../i18n/english.ts';
import type { Translate } from '../i18n/translate.ts';

export const MORNING_HOUR = 7;
export const SHORT_PAUSE_S = 2 * 3600;
export const REASON_PRESETS = ['Checked in at a hotel', 'Phone left charging'] as const;

export type UntilChoice = 'twoHours' | 'morning' | 'chosen';
export type ReasonChoice = (typeof REASON_PRESETS)[number] | 'other';

export interface PauseForm {
  until: UntilChoice;
  /** The date-time field's value (`2026-11-27T07:00`), read on the region's wall clock. */
  chosen: string;
  reason: ReasonChoice;
  /** The reason typed when `reason` is `other`. */
  otherReason: string;
}

export type PauseRequest = { until: string; reason: string } | { error: string };

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(at: Date, timeZone: string): WallClock {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

const asUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/** The instant the region's clocks show `wall` (twice corrected: the offset may differ across a DST change). */
export function instantOfWallClock(wall: WallClock, timeZone: string): Date {
  let guess = asUtc(wall);
  for (let i = 0; i < 2; i += 1) guess += asUtc(wall) - asUtc(wallClockOf(new Date(guess), timeZone));
  return new Date(guess);
}

/** The coming 07:00 in the region: this morning's when it is still ahead (a pause set at 02:00), else tomorrow's. */
export function nextMorning(now: Date, timeZone: string, hour = MORNING_HOUR): Date {
  const today = wallClockOf(now, timeZone);
  const thisMorning = instantOfWallClock({ ...today, hour, minute: 0 }, timeZone);
  if (thisMorning.getTime() > now.getTime()) return thisMorning;
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return instantOfWallClock(
    { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate(), hour, minute: 0 },
    timeZone,
  );
}

/** `2026-11-27T07:00` on the region's clock; undefined when the field does not hold a date-time. */
export function chosenInstant(value: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return instantOfWallClock({ year, month, day, hour, minute }, timeZone);
}

/** The value a date-time field shows for `at` on the region's clock. */
export function wallClockValue(at: Date, timeZone: string): string {
  const wall = wallClockOf(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/** What the dialog sends, or the sentence that says what is missing. */
export function pauseRequest(form: PauseForm, now: Date, timeZone: string, t: Translate = inEnglish): PauseRequest {
  const reason = (form.reason === 'other' ? form.otherReason : form.reason).trim();
  if (!reason) return { error: t('watch.needReason') };
  let until: Date | undefined;
  if (form.until === 'twoHours') until = new Date(now.getTime() + SHORT_PAUSE_S * 1000);
  else if (form.until === 'morning') until = nextMorning(now, timeZone);
  else until = chosenInstant(form.chosen, timeZone);
  if (!until) return { error: t('watch.needEnd') };
  if (until.getTime() <= now.getTime()) return { error: t('watch.endInPast') };
  return { until: until.toISOString(), reason };
}

/** `07:00` on the same day in the region, `27 Nov, 07:00` on another. */
export function pauseEndText(until: string, now: Date, timeZone: string): string {
  const end = new Date(until);
  const sameDay =
    wallClockOf(end, timeZone).day === wallClockOf(now, timeZone).day && end.getTime() - now.getTime() < 86_400_000;
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat('en-GB', options).format(end);
}

/** The note of a `watch_paused` timeline step, as the server writes it: `until 2026-11-27T01:30:00.000Z: Hotel`. */
export const pauseStepNote = (until: string, reason: string) => `until ${until}: ${reason}`;

/** A `watch_paused` note read back; undefined for a note of another shape. */
export function readPauseStepNote(note: string): { until: string; reason: string } | undefined {
  const match = /^until (\S+): ([\s\S]*)$/.exec(note);
  return match && !Number.isNaN(Date.parse(match[1]!)) ? { until: match[1]!, reason: match[2]! } : undefined;
}

/** "Watch paused until 07:00 — Checked in at a hotel (by op1)"; "Watched" when no pause runs. */
export function watchStateSentence(
  pause: WatchPause | null,
  now: Date,
  timeZone: string,
  t: Translate = inEnglish,
): string {
  if (!pause || Date.parse(pause.until) <= now.getTime()) return t('watch.watched');
  return t('watch.pausedUntil', {
    until: pauseEndText(pause.until, now, timeZone),
    reason: pause.reason,
    by: pause.by,
  });
}
