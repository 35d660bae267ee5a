// Incidents as the API's JSON, built by the database. A list of thousands is then one text value passed
// on as it is, not thousands of rows decoded, mapped and serialised again: 10,000 open panics took the
// embedded store 300 ms that way, 80 ms this way (issue 12). Same shape as incidentFromRow.

/** ISO 8601 UTC to the millisecond, as Date.prototype.toISOString writes it; null stays null. */
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an incidents row, named as the API names them. */
const INCIDENT_FIELDS = `id, type, severity, status, latitude, longitude,
  ${isoOf('created_at')} as "createdAt", ${isoOf('reported_at')} as "reportedAt",
  ${isoOf('acknowledged_at')} as "acknowledgedAt", ${isoOf('resolved_at')} as "resolvedAt",
  region_id as "regionId", tourist_id as "touristId", device_id as "deviceId", meta, verified,
  acknowledged_by as "acknowledgedBy", resolved_by as "resolvedBy", assignee, ${isoOf('escalated_at')} as "escalatedAt"`;

/**
 * A query answering one row with `incidents`: the JSON array (compact, in `order`) of the incidents that
 * `where` selects. `where` and `order` are SQL text of the caller's own, never input.
 */
export function incidentsJsonQuery(where: string, order: string): string {
  return `select '[' || coalesce(string_agg(row_to_json(listed)::text, ','), '') || ']' as incidents
          from (select ${INCIDENT_FIELDS} from incidents ${where} order by ${order}) as listed`;
}
