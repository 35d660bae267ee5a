// The replay panel the incident drawer and the profile open (src/views/replay/ReplayPanel.tsx), alone on a page
// for bench/replay-frame.ts: its group's tracks come from the real server's answer, handed to the page by the
// bench (a group replay opens from the profile, which another change wires).
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { en } from '../../src/i18n/catalogues/en.ts';
import ReplayPanel from '../../src/views/replay/ReplayPanel.tsx';

const request = JSON.parse(new URLSearchParams(location.hash.slice(1)).get('request') ?? '{}') as {
  touristIds: string[];
  from: string;
  to: string;
};

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    {/* In English, as the console speaks before a language is chosen (src/views/i18n/LanguageProvider.tsx). */}
    <IntlProvider locale="en-IN-u-nu-latn" messages={en} defaultLocale="en-IN-u-nu-latn" timeZone="Asia/Kolkata">
      <ReplayPanel request={request} dark={false} />
    </IntlProvider>
  </FluentProvider>,
);
