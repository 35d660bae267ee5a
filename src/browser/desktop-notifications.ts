// The Notification API and the window, as the notifications machine reaches them: actors it starts.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { PanicSummary } from '../domain/open-panics.ts';
import { readLanguageSettings, safely } from '../domain/preferences.ts';
import { DEFAULT_CLOCK, formatDateTime, type ClockStyle } from '../i18n/clock.ts';
import { localeTag } from '../i18n/languages.ts';
import { loadCatalogue } from '../i18n/load-catalogue.ts';
import { translator, type Translate } from '../i18n/translate.ts';

export function currentNotificationPermission(): NotificationPermission | 'unsupported' {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

export const requestNotificationPermission = fromPromise<NotificationPermission>(() =>
  globalThis.Notification.requestPermission(),
);

/** Hidden (another tab, minimised) or shown but not focused (another window in front). */
function pageInBackground(): boolean {
  return typeof document !== 'undefined' && (document.hidden || !document.hasFocus());
}

export const focusWindow = fromPromise<void>(async () => globalThis.focus?.());

/**
 * The operator's language and clock as the console keeps them (dash.lang, dash.hour12, dash.nativeDigits):
 * the catalogue is the chunk the page has already fetched, or English should it not come.
 */
async function operatorsWords(): Promise<{ t: Translate; clock: ClockStyle }> {
  const { language, hour12, nativeDigits } = readLanguageSettings(
    () => globalThis.localStorage,
    safely(() => globalThis.navigator?.languages ?? [], []),
  );
  const spoken = await loadCatalogue(language).then(
    (catalogue) => ({ catalogue, locale: localeTag(language, nativeDigits) }),
    async () => ({ catalogue: await loadCatalogue('en'), locale: localeTag('en') }),
  );
  return { t: translator(spoken.catalogue, spoken.locale), clock: { ...DEFAULT_CLOCK, locale: spoken.locale, hour12 } };
}

/** A panic's notification, raised only while the page is in the background; its click is sent back. */
export const panicNotification = fromCallback<EventObject, { panic: PanicSummary }>(
  ({ input: { panic }, sendBack }) => {
    if (!pageInBackground()) return;
    let stopped = false;
    let notification: Notification | undefined;
    void operatorsWords().then(({ t, clock }) => {
      if (stopped) return;
      const position = `${panic.latitude.toFixed(5)}, ${panic.longitude.toFixed(5)}`;
      notification = new globalThis.Notification(t('notification.panicTitle', { region: panic.regionId }), {
        body: t('notification.panicBody', { time: formatDateTime(panic.createdAt, clock), position }),
        // One notification per incident: a repeat replaces it rather than stacking.
        tag: `panic-${panic.id}`,
        requireInteraction: true,
      });
      notification.onclick = () => {
        sendBack({ type: 'notification.click', incidentId: panic.id });
        notification?.close();
      };
    });
    return () => {
      stopped = true;
    };
  },
);
