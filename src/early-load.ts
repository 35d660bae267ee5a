// The page's first requests: who is signed in and, once the server has said the page may read, the incidents
// table's first load (the operator's saved region and window, or the server's start region on a first visit). Asked for as the page's first code runs, while
// the console's code is still on its way; the console takes both answers (early-response.ts). Before anyone
// signs in, the page asks for no data at all.
import { askEarly } from './api/early-response.ts';
import { incidentsUrl, SESSION_URL } from './api/urls.ts';
import type { Preferences } from './domain/preferences.ts';

/** The table's answer, or undefined when nobody may read yet (or the server could not be reached). */
export async function loadEarly(preferences: Promise<Preferences>): Promise<Response | undefined> {
  try {
    const session = await askEarly(SESSION_URL);
    if (!session.ok) return undefined;
    const table = await askEarly(incidentsUrl(await preferences));
    // A copy, taken before the console can read the answer's body (a body is read once).
    return table.ok ? table.clone() : undefined;
  } catch {
    return undefined;
  }
}
