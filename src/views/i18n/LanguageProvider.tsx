// The chosen language for everything below: its messages, its locale for numbers and plurals, `<html lang>`
// (so screen readers and fonts pick the script) and the tab's title. Nothing is drawn until the first
// catalogue is in (the first paint stays meanwhile); a later choice keeps the page in its language until the
// new catalogue has come.
import { useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_CLOCK, type ClockStyle } from '../../i18n/clock.ts';
import { localeTag } from '../../i18n/languages.ts';
import { ClockContext } from './clock-context.ts';
import { LanguageActor } from './language-actor.ts';

export function LanguageProvider({ children }: { children: ReactNode }) {
  const shown = LanguageActor.useSelector((s) => s.context.shown);
  const catalogue = LanguageActor.useSelector((s) => s.context.catalogue);
  const nativeDigits = LanguageActor.useSelector((s) => s.context.nativeDigits);
  const hour12 = LanguageActor.useSelector((s) => s.context.hour12);
  const starting = LanguageActor.useSelector(
    (s) => s.matches('loading') && s.context.shown === 'en' && s.context.language !== 'en',
  );
  const locale = localeTag(shown, nativeDigits);
  const clock = useMemo<ClockStyle>(() => ({ ...DEFAULT_CLOCK, locale, hour12 }), [locale, hour12]);
  useEffect(() => {
    document.documentElement.lang = shown;
    document.title = catalogue['app.title'];
  }, [shown, catalogue]);
  if (starting) return null;
  return (
    <IntlProvider
      locale={locale}
      messages={catalogue}
      defaultLocale="en-IN-u-nu-latn"
      timeZone={clock.timeZone}
      onError={reportMissing}
    >
      <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>
    </IntlProvider>
  );
}

/** A message missing from a catalogue falls back to its id on screen; the catalogue test keeps that from shipping. */
function reportMissing(error: { code: string; message: string }): void {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error.message);
}
