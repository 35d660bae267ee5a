// The alerts table as the page paints it before the console's code has arrived (issue 12): the rows of the
// table's first answer, as text, in the server's order and read with the same display rules as the console's
// rows (SPEC §9). Nothing here may import React, Fluent UI, XState or zod: this runs before they are loaded.
import { formatCoordinate, formatTime, isUnverified, orDash } from '../domain/display.ts';
import { DEFAULT_CLOCK, type ClockStyle } from '../i18n/clock.ts';

/** The console's columns (SPEC §4); Actions stays empty until the console can act. */
export const FIRST_TABLE_COLUMNS = ['Time', 'Latitude', 'Longitude', 'Alert ID', 'Incident ID', 'Risk', 'Status', 'Actions'];
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

function timeCell(incident: Fields, clock: ClockStyle): string {
  const marks = [isUnverified(incident) && 'Unverified', text(incident.escalatedAt) && 'Escalated'].filter(Boolean);
  return [formatTime(text(incident.createdAt), clock), ...marks].join(' · ');
}

function rowOf(value: unknown, clock: ClockStyle): FirstRow {
  const incident = fieldsOf(value);
  const status = statusIn(incident);
  const assignee = text(incident.assignee);
  return {
    incidentId: text(incident.id) ?? '',
    open: status === 'open',
    cells: [
      timeCell(incident, clock),
      formatCoordinate(number(incident.latitude)),
      formatCoordinate(number(incident.longitude)),
      '', // the alert ids come with the console's stream
      orDash(text(incident.id)),
      orDash(text(fieldsOf(incident.meta).riskLevel)),
      assignee ? `${status} · ${assignee}` : status,
      '',
    ],
  };
}

/** The table from the body of `/incidents/filter`; undefined when the body is not the table's answer. */
/** `clock`: the operator's stored language and 12-hour setting, in the seeded regions' zone (no region is known yet). */
export function firstTable(body: unknown, maxRows = FIRST_TABLE_MAX_ROWS, clock: ClockStyle = DEFAULT_CLOCK): FirstTable | undefined {
  const answer = fieldsOf(body);
  if (answer.ok !== true || !Array.isArray(answer.incidents)) return undefined;
  const incidents: unknown[] = answer.incidents;
  const rest = incidents.slice(maxRows);
  return {
    rows: incidents.slice(0, maxRows).map((incident) => rowOf(incident, clock)),
    notShown: { alerts: rest.length, open: rest.filter((incident) => statusIn(fieldsOf(incident)) === 'open').length },
  };
}
