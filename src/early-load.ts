// First of the page's modules to run (main.tsx imports it first): asks who is signed in and, once the
// server has said the page may read, for the incidents table's first load (the operator's saved region and
// window), while React, Fluent UI and the statecharts are set up. Before anyone signs in, the page asks for
// no data at all.
import { askEarly } from './api/early-response.ts';
import { incidentsUrl, SESSION_URL } from './api/urls.ts';
import { browserStorage, readPreferences } from './machines/preferences.ts';

askEarly(SESSION_URL).then(
  (session) => {
    if (session.ok) askEarly(incidentsUrl(readPreferences(browserStorage())));
  },
  () => {},
);
