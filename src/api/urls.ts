// The backend's addresses as the dashboard asks for them (same origin), in a module of their own: the
// early load (early-response.ts) builds the table's address before the rest of the page's code runs.

/** Who is signed in (401 when sign-in is required and nobody is). */
export const SESSION_URL = '/auth/me';

/** The dashboard's runtime settings: the basemap (src/map/basemap.ts) and the start region (start-region.ts). */
export const APP_CONFIG_PATH = '/app-config.json';

export interface IncidentFilter {
  regionId: string;
  windowMinutes: number;
}

type Query = Record<string, string | number | undefined>;

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/** Region 'all' and window 0 are not sent (SPEC §5). */
export const incidentsUrl = ({ regionId, windowMinutes }: IncidentFilter): string =>
  buildUrl('/incidents/filter', {
    regionId: regionId && regionId !== 'all' ? regionId : undefined,
    minutes: windowMinutes > 0 ? windowMinutes : undefined,
  });
