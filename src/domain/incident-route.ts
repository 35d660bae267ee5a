// An incident's address in the console (issue 35 point 5): what a push notification's click opens when no
// console tab is open. The console shows the incident once its open panics are loaded.
import { incidentIdIn } from './report-route.ts';

const INCIDENT_HASH = /^#\/incidents\/([^/]+)$/;

/** What the service worker posts an open console tab when a notification is clicked. */
export const SHOW_INCIDENT_MESSAGE = 'push.showIncident';

export const incidentHref = (incidentId: string): string => `/#/incidents/${encodeURIComponent(incidentId)}`;

/** The incident id of an incident address's hash (not a report's), or undefined. */
export const incidentIdOf = (hash: string): string | undefined => incidentIdIn(INCIDENT_HASH, hash);
