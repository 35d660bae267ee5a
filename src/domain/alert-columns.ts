// The alerts table's columns (SPEC §4), in order, as catalogue messages: the live table, the first paint and
// the offline console's last known state all head their columns with these.
export const ALERT_COLUMN_IDS = [
  'dashboard.column.time',
  'dashboard.column.latitude',
  'dashboard.column.longitude',
  'dashboard.column.alertId',
  'dashboard.column.incidentId',
  'dashboard.column.risk',
  'dashboard.column.status',
  'dashboard.column.actions',
] as const;
