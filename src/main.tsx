// The console, fetched by boot.ts (the page's entry) once the first table is painted.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppProps } from './views/App.tsx';
import { startingPreferences } from './api/start-region.ts';
import { readLanguageSettings } from './domain/preferences.ts';
import { reportIdOf } from './domain/report-route.ts';
import { App } from './views/App.tsx';

/** `?inspect` in a development build shows the running statecharts in Stately's inspector. */
async function developmentInspector(): Promise<AppProps['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/** The single sign-on callback sends failures back as `?signin_error=`; read once, then dropped from the address. */
function takeSignInError(): string | undefined {
  const url = new URL(location.href);
  const error = url.searchParams.get('signin_error') ?? undefined;
  if (error === undefined) return undefined;
  url.searchParams.delete('signin_error');
  history.replaceState(history.state, '', url);
  return error;
}

const prefersDark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
const signInError = takeSignInError();

// The start region was asked for by boot.ts as the page started: this is its answer, not a second request.
void Promise.all([developmentInspector(), startingPreferences(() => localStorage, prefersDark)]).then(
  ([inspect, preferences]) => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App
          preferences={preferences}
          language={readLanguageSettings(() => localStorage, navigator.languages ?? [])}
          signInError={signInError}
          inspect={inspect}
          reportId={reportIdOf(location.hash)}
        />
      </StrictMode>,
    );
  },
);
