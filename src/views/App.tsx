import type { ActorOptions } from 'xstate';
import type { dashboardMachine } from '../machines/dashboard/dashboardMachine.ts';
import type { LanguageSettings, Preferences } from '../domain/preferences.ts';
import type { sessionMachine } from '../machines/sessionMachine.ts';
import { lazy, Suspense } from 'react';
import { currentNotificationPermission } from '../browser/desktop-notifications.ts';
import { loadChunk } from './chunk-load.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { RecoveringBoundary } from './RecoveringBoundary.tsx';
import { SessionActor } from './session-actor.ts';
import { SessionGate } from './session/SessionGate.tsx';
import { Shell } from './shell/Shell.tsx';
import { LanguageActor } from './i18n/language-actor.ts';
import { LanguageProvider } from './i18n/LanguageProvider.tsx';

export interface AppProps {
  preferences: Preferences;
  /** The language and clock (issue 36); English, 24-hour, Latin digits when absent. */
  language?: LanguageSettings;
  /** Tests pass the machine with its effects swapped (`dashboardMachine.provide(...)`). */
  logic?: typeof dashboardMachine;
  /** Tests swap the session's requests the same way. */
  sessionLogic?: typeof sessionMachine;
  /** The single sign-on callback's failure (`?signin_error=`), shown on the sign-in page. */
  signInError?: string;
  inspect?: ActorOptions<typeof dashboardMachine>['inspect'];
  /** Tests drive the statecharts' delays with a SimulatedClock. */
  clock?: ActorOptions<typeof dashboardMachine>['clock'];
  /** The incident whose report this tab shows (`/#/incidents/{id}/report`): the page then runs no dashboard. */
  reportId?: string;
}

// The incident report (issue 34): its own chunk, loaded only in the tab that shows it.
const ReportPage = lazy(() =>
  loadChunk(() => import('./report/ReportPage.tsx')).then((m) => ({ default: m.ReportPage })),
);

const ENGLISH_24_HOUR: LanguageSettings = { language: 'en', hour12: false, nativeDigits: false };

export function App({ language = ENGLISH_24_HOUR, ...props }: AppProps) {
  return (
    <LanguageActor.Provider options={{ input: language }}>
      <LanguageProvider>
        <Console {...props} />
      </LanguageProvider>
    </LanguageActor.Provider>
  );
}

function Console({
  preferences,
  logic,
  sessionLogic,
  signInError,
  inspect,
  clock,
  reportId,
}: Omit<AppProps, 'language'>) {
  // Only options that are set: an explicit `clock: undefined` replaces XState's default clock and breaks every delay.
  const shared = { ...(inspect && { inspect }), ...(clock && { clock }) };
  if (reportId !== undefined) {
    return (
      <SessionActor.Provider logic={sessionLogic} options={{ input: { signInError }, ...shared }}>
        <SessionGate dark={false}>
          <Suspense fallback={null}>
            <ReportPage incidentId={reportId} />
          </Suspense>
        </SessionGate>
      </SessionActor.Provider>
    );
  }
  return (
    <SessionActor.Provider logic={sessionLogic} options={{ input: { signInError }, ...shared }}>
      <SessionGate dark={preferences.dark}>
        {/* Mounted only while signed in: the dashboard's requests and stream start after sign-in and stop at sign-out. */}
        <RecoveringBoundary>
          <DashboardActor.Provider
            logic={logic}
            options={{ input: { preferences, notificationPermission: currentNotificationPermission() }, ...shared }}
          >
            <Shell />
          </DashboardActor.Provider>
        </RecoveringBoundary>
      </SessionGate>
    </SessionActor.Provider>
  );
}
