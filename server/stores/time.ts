/** Timestamps leave the database as Date (pg, PGlite) and the API as ISO 8601 UTC strings. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** In SQL: `column` as ISO 8601 UTC to the millisecond, as Date.prototype.toISOString writes it; null stays null. */
export const isoInSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
