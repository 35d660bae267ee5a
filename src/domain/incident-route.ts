// An incident's address in the console (issue 35 point 5): what a push notification's click opens when no
// console tab is open. The console shows the incident once its open panics are loaded.
const INCIDENT_HASH = /^#\/incidents\/([^/]+)$/;

/** What the service worker posts an open console tab when a notification is clicked. */
export const SHOW_INCIDENT_MESSAGE = 'push.showIncident';

export const incidentHref = (incidentId: string): string => `/#/incidents/${encodeURIComponent(incidentId)}`;

/** The incident id of an incident address's hash (not a report's), or undefined. */
export function incidentIdOf(hash: string): string | undefined {
  const match = INCIDENT_HASH.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
