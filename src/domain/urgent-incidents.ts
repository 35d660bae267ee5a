// Which incidents every operator must see whatever the filter, the alarm rings for and escalation takes:
// panics, and (issue 32) a silent or stranded tourist raised at high severity (in a red zone or at night),
// who could not press the button. One rule for the dashboard and, as SQL, for the server's lists.
import type { Incident } from '../api/entities.ts';
import { watchIncidentTypes } from '../api/fields.ts';

const watchTypes: ReadonlySet<string> = new Set(watchIncidentTypes);

export function isUrgent(incident: Pick<Incident, 'type' | 'severity'>): boolean {
  return incident.type === 'panic' || (watchTypes.has(incident.type) && incident.severity === 'high');
}

/** The same rule as a condition on the incidents table (`prefix`: its alias with a dot, or ''). */
export const urgentIncidentSql = (prefix = ''): string =>
  `(${prefix}type = 'panic' or (${prefix}type in (${watchIncidentTypes.map((type) => `'${type}'`).join(', ')}) and ${prefix}severity = 'high'))`;

/** What the panic bar names one urgent incident: a panic alert, or a silent or stranded tourist. */
export function urgentTitle(type: Incident['type']): string {
  if (type === 'silent') return 'Silent tourist';
  if (type === 'stranded') return 'Stranded tourist';
  return 'New panic alert';
}
