// The alerts table as the page paints it before the console's code has arrived (issue 12): the rows of the
// table's first answer, as text, in the server's order and read with the same display rules as the console's
// rows (SPEC §9). Nothing here may import React, Fluent UI, XState or zod: this runs before they are loaded.
import { formatCoordinate, formatTime, isUnverified, orDash } from '../domain/display.ts';
import { ALERT_COLUMN_IDS } from '../domain/alert-columns.ts';
import { DEFAULT_CLOCK, type ClockStyle } from '../i18n/clock.ts';
import { FIRST_PAINT_WORDS, type FirstPaintWordId, type FirstPaintWords } from './words.ts';

/** The console's columns (SPEC §4); Actions stays empty until the console can act. */
export const FIRST_TABLE_COLUMN_IDS = ALERT_COLUMN_IDS satisfies readonly FirstPaintWordId[];
/** The columns' English headers. */
export const FIRST_TABLE_COLUMNS = FIRST_TABLE_COLUMN_IDS.map((id) => FIRST_PAINT_WORDS.en[id]);
/** More rows than a screen holds; the console, which follows within a second, shows every row. */
export const FIRST_TABLE_MAX_ROWS = 100;

export interface FirstRow {
  incidentId: string;
  open: boolean;
  /** One text per column. */
  cells: string[];
}

export interface FirstTable {
  rows: FirstRow[];
  /** Alerts not drawn, and how many of them are open: said under the table so that none is hidden. */
  notShown: { alerts: number; open: number };
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const fieldsOf = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});

/** The incident's own status, as the console's row shows it (an incident without one is open). */
const statusIn = (incident: Fields): string => text(incident.status) ?? 'open';

/** A status in the operator's words; one the console does not know is shown as it came. */
function statusWord(status: string, words: FirstPaintWords): string {
  const id = `dashboard.status.${status}`;
  return id in words ? words[id as FirstPaintWordId] : status;
}

function timeCell(incident: Fields, clock: ClockStyle, words: FirstPaintWords): string {
  const marks = [
    isUnverified(incident) && words['dashboard.unverified'],
    text(incident.escalatedAt) && words['dashboard.escalated'],
  ].filter(Boolean);
  return [formatTime(text(incident.createdAt), clock), ...marks].join(' · ');
}

function rowOf(value: unknown, clock: ClockStyle, words: FirstPaintWords): FirstRow {
  const incident = fieldsOf(value);
  const status = statusIn(incident);
  const shownStatus = statusWord(status, words);
  const assignee = text(incident.assignee);
  return {
    incidentId: text(incident.id) ?? '',
    open: status === 'open',
    cells: [
      timeCell(incident, clock, words),
      formatCoordinate(number(incident.latitude)),
      formatCoordinate(number(incident.longitude)),
      '', // the alert ids come with the console's stream
      orDash(text(incident.id)),
      orDash(text(fieldsOf(incident.meta).riskLevel)),
      assignee ? `${shownStatus} · ${assignee}` : shownStatus,
      '',
    ],
  };
}

/** The table from the body of `/incidents/filter`; undefined when the body is not the table's answer. */
/**
 * `clock`: the operator's stored language and 12-hour setting, in the seeded regions' zone (no region is known
 * yet); `words`: that language's.
 */
export function firstTable(
  body: unknown,
  maxRows = FIRST_TABLE_MAX_ROWS,
  clock: ClockStyle = DEFAULT_CLOCK,
  words: FirstPaintWords = FIRST_PAINT_WORDS.en,
): FirstTable | undefined {
  const answer = fieldsOf(body);
  if (answer.ok !== true || !Array.isArray(answer.incidents)) return undefined;
  const incidents: unknown[] = answer.incidents;
  const rest = incidents.slice(maxRows);
  return {
    rows: incidents.slice(0, maxRows).map((incident) => rowOf(incident, clock, words)),
    notShown: { alerts: rest.length, open: rest.filter((incident) => statusIn(fieldsOf(incident)) === 'open').length },
  };
}
