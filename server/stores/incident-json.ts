// Incidents as the API's JSON, built by the database. A list of thousands is then a few text values passed
// on as they are, not thousands of rows decoded, mapped and serialised again: 10,000 open panics took the
// embedded store 300 ms that way, 80 ms this way (issue 12). Same shape as incidentFromRow.

import { isoInSql } from './time.ts';

/** The columns of an incidents row, named as the API names them. */
const INCIDENT_FIELDS = `id, type, severity, status, latitude, longitude,
  ${isoInSql('created_at')} as "createdAt", ${isoInSql('reported_at')} as "reportedAt",
  ${isoInSql('acknowledged_at')} as "acknowledgedAt", ${isoInSql('resolved_at')} as "resolvedAt",
  region_id as "regionId", tourist_id as "touristId", device_id as "deviceId", meta, verified,
  acknowledged_by as "acknowledgedBy", resolved_by as "resolvedBy", assignee, ${isoInSql('escalated_at')} as "escalatedAt",
  ${isoInSql('dispatched_at')} as "dispatchedAt", ${isoInSql('on_scene_at')} as "onSceneAt"`;

/**
 * A query answering one row, `json`: the incidents whose ids are `$1` (a text array), as JSON objects in that
 * order joined by commas (no brackets). Ids no longer stored are left out (string_agg skips
 * nulls). Each id is looked up by its key in a subquery of its own: a join would read the whole table per chunk.
 */
export const INCIDENTS_JSON_BY_IDS = `select string_agg(
    (select row_to_json(listed)::text from (select ${INCIDENT_FIELDS} from incidents where incidents.id = wanted.wanted_id) as listed),
    ',' order by wanted.ord) as json
  from unnest($1::text[]) with ordinality as wanted(wanted_id, ord)`;
