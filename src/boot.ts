// The page's entry. It asks for the table's first answer and paints it with no framework (first-paint/),
// and only then fetches the console (React, Fluent UI, the statecharts: some 250 KB gzipped), so that what
// the first table paint waits for is this small script and the data (issue 12). Should the console's code
// fail to arrive (the server restarting), the page says so and reloads once the server answers again.
import { loadEarly } from './early-load.ts';
import { firstTable } from './first-paint/first-table.ts';
import { FIRST_PAINT_ID } from './first-paint/handover.ts';
import { paintFirstTable } from './first-paint/paint.ts';
import { FIRST_PAINT_WORDS } from './first-paint/words.ts';
import { startingPreferences } from './api/start-region.ts';
import { readLanguageSettings } from './domain/preferences.ts';
import { DEFAULT_CLOCK } from './i18n/clock.ts';
import { localeTag } from './i18n/languages.ts';
import { reportIdOf } from './domain/report-route.ts';

/** The console is fetched after this long even if the table's answer has not come (a slow server). */
const FIRST_PAINT_WAIT_MS = 2_000;
const RELOAD_CHECK_MS = 5_000;

// Asked at once: on a first visit the server names the region, beside the session's answer.
const preferences = startingPreferences(
  () => localStorage,
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
);

let consoleAsked = false;

/** The stored language's words and clock, before the console (and the region's time zone) is known. */
function firstPaintSpeech() {
  const { language, hour12, nativeDigits } = readLanguageSettings(() => localStorage, navigator.languages ?? []);
  const clock = { ...DEFAULT_CLOCK, locale: localeTag(language, nativeDigits), hour12 };
  return { clock, words: FIRST_PAINT_WORDS[language] };
}

/**
 * Resolves once the table is painted (after the frame that shows it), or at once when there is none to paint.
 * An answer that comes after the console was asked for is not painted: the console may already be showing it.
 */
async function paintFirst(): Promise<void> {
  // An incident report's tab shows no alerts table.
  if (reportIdOf(location.hash) !== undefined) return;
  const response = await loadEarly(preferences);
  const { clock, words } = firstPaintSpeech();
  const table = firstTable(await response?.json().catch(() => undefined), undefined, clock, words);
  if (!table || consoleAsked) return;
  paintFirstTable(table, (await preferences).dark, words, clock.locale);
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}

/** Chromium, Firefox and Safari word a module that could not be fetched so; anything else is a fault in the code. */
const NOT_FETCHED = /dynamically imported module|Importing a module script failed/i;

function reloadOnceServerAnswers(error: unknown): void {
  const shownOn = document.querySelector(`#${FIRST_PAINT_ID} .note`) ?? document.getElementById('root');
  const { words } = firstPaintSpeech();
  if (!(error instanceof Error && NOT_FETCHED.test(error.message))) {
    if (shownOn) shownOn.textContent = words['dashboard.consoleFailed'].replace('{error}', String(error));
    return;
  }
  if (shownOn) shownOn.textContent = words['dashboard.consoleNotLoaded'];
  setInterval(() => {
    fetch(location.href, { cache: 'no-store' }).then(
      (response) => response.ok && location.reload(),
      () => {},
    );
  }, RELOAD_CHECK_MS);
}

const waited = new Promise((done) => setTimeout(done, FIRST_PAINT_WAIT_MS));
void Promise.race([paintFirst().catch(() => {}), waited])
  .then(() => {
    consoleAsked = true;
    return import('./main.tsx');
  })
  .catch(reloadOnceServerAnswers);
