// The region the dashboard opens on when the operator has chosen none (issue 46): the one the server's
// /app-config.json names (`all` while `npm start -- --demo` runs, so the demo's panics show at once), else
// `default`, where API.md files every panic outside the zones. Asked once, as the page starts and beside
// the session; only a page with no region stored waits for it, and never for long.
import { readPreferences, regionChosen, type Preferences } from '../domain/preferences.ts';
import { APP_CONFIG_PATH } from './urls.ts';

const WAIT_MS = 2_000;
type Storage = Parameters<typeof readPreferences>[0];

let asked: Promise<string | undefined> | undefined;

function startRegionIn(json: unknown): string | undefined {
  const id = (json as { dashboard?: { startRegionId?: unknown } } | null)?.dashboard?.startRegionId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Undefined when the server names none or cannot say (nobody signed in yet, offline, slow). */
function askStartRegion(): Promise<string | undefined> {
  asked ??= fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(WAIT_MS) })
    .then(async (response) => (response.ok ? startRegionIn(await response.json()) : undefined))
    .catch(() => undefined);
  return asked;
}

/** The stored preferences, with the server's start region where the operator has chosen no region. */
export async function startingPreferences(from: Storage, prefersDark: boolean): Promise<Preferences> {
  return readPreferences(from, prefersDark, regionChosen(from) ? undefined : await askStartRegion());
}
