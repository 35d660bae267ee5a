// The incident report's address (issue 34 point 6): a hash route, so the server serves it as the dashboard's
// one page and the report opens in a tab of its own, signed in with the same session.
const REPORT_HASH = /^#\/incidents\/([^/]+)\/report$/;

/** The incident id `pattern`'s first group finds in `hash`, decoded; undefined when it does not match or decode. */
export function incidentIdIn(pattern: RegExp, hash: string): string | undefined {
  const match = pattern.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The incident id of a report address's hash, or undefined for any other page. */
export const reportIdOf = (hash: string): string | undefined => incidentIdIn(REPORT_HASH, hash);

export const reportHref = (incidentId: string): string => `/#/incidents/${encodeURIComponent(incidentId)}/report`;
