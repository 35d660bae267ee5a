// `npm test` runs the browser suite (the vitest project `e2e`) as two vitest runs side by side from the start
// (tools/test.mjs), each one file at a time: a run mostly waits on Chromium and its server, so two halve the
// suite's time for little CPU. The second holds the files below and is followed by the compatibility suite; the
// first holds every other e2e file, so a new file goes to the first without a word here.
// tests/tools/browser-runs.test.ts checks that the two runs hold every e2e file once.
// Split so that both end together, the compatibility suite included: by the files' times in `npm test` on a quiet
// 2-core machine (2026-12-02 04:17, then one run of 13 min 20 s), the first run's files took 447 s, the second's
// 390 s and compat 52 s. The files that count frames or time something are on both sides, each beside one other
// browser.

/** The browser files of the second run, as vitest names them (relative to the project's root). */
export const SECOND_RUN_FILES = [
  'tests/e2e/accessibility.browser.test.ts',
  'tests/e2e/replay.browser.test.ts',
  'tests/e2e/dashboard-alerts.browser.test.ts',
  'tests/e2e/zones-editor.browser.test.ts',
  'tests/e2e/regions-contacts.browser.test.ts',
  'tests/e2e/fresh-console.browser.test.ts',
  'tests/e2e/never-missed.browser.test.ts',
  'tests/e2e/sign-in-audit.browser.test.ts',
  'tests/e2e/demo-first-screen.browser.test.ts',
  'tests/e2e/map-basemap-fallback.browser.test.ts',
  'tests/e2e/responders.browser.test.ts',
  'tests/e2e/content-security-policy.browser.test.ts',
  'tests/e2e/phone-layout.browser.test.ts',
  'tests/e2e/zones-import.browser.test.ts',
  'tests/e2e/dashboard-before-alerts.browser.test.ts',
  'tests/e2e/incident-report.browser.test.ts',
  'tests/e2e/verify-tourist.browser.test.ts',
  'tests/e2e/early-load.browser.test.ts',
  'tests/e2e/first-paint-bundle.test.ts',
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
