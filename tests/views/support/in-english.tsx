// A view rendered alone (outside App and its LanguageProvider) speaks English, as the console does before a
// language is chosen: the English catalogue through react-intl, and the control room's clock.
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { en } from '../../../src/i18n/catalogues/en.ts';

export function InEnglish({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en-IN-u-nu-latn" messages={en} defaultLocale="en-IN-u-nu-latn" timeZone="Asia/Kolkata">
      {children}
    </IntlProvider>
  );
}
