// `npm test` runs the browser suite (the vitest project `e2e`) in two vitest runs, so that it ends about when
// the rest does (tools/test.mjs): the first from the start, beside lint, typecheck and the server and ui
// projects; the second once the first or the server and ui projects end, when the cores have room again. The second holds
// the files below, and the first every other e2e file, so a new file goes to the first without a word here.
// Only files that neither count frames nor time anything (no frame budgets, glides, clock rates, polls timed
// against an interval) may move here: they start beside the compatibility suite, on a busier machine.
// tests/tools/browser-runs.test.ts checks that the two runs hold every e2e file once.
// Sized so that both end about with the compatibility suite: on 2026-12-04, a quiet 2-core machine, the first run
// took 9:39 and the server and ui projects ended at 10:03, the second run (5 files) then took 1:48 and the
// compatibility suite 0:46. More here when the server and ui projects get shorter, fewer when the browser suite does.

/** The browser files of the second run, as vitest names them (relative to the project's root). */
export const SECOND_RUN_FILES = [
  'tests/e2e/accessibility.browser.test.ts',
  'tests/e2e/area-positions.browser.test.ts',
  'tests/e2e/languages.browser.test.ts',
  'tests/e2e/tourist-profile.browser.test.ts',
  'tests/e2e/zones-import.browser.test.ts',
];

/** The first run's vitest arguments: the project `e2e` without the second run's files. */
export const firstRunArgs = () => [
  'run',
  '--project',
  'e2e',
  ...SECOND_RUN_FILES.flatMap((file) => ['--exclude', file]),
];

/** The second run's vitest arguments: those files alone. */
export const secondRunArgs = () => ['run', '--project', 'e2e', ...SECOND_RUN_FILES];
