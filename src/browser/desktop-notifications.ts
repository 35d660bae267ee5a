// The Notification API and the window, as the notifications machine reaches them: actors it starts.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { PanicSummary } from '../domain/open-panics.ts';
import { DEFAULT_CLOCK, formatDateTime } from '../i18n/clock.ts';

export function currentNotificationPermission(): NotificationPermission | 'unsupported' {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

export const requestNotificationPermission = fromPromise<NotificationPermission>(() => globalThis.Notification.requestPermission());

/** Hidden (another tab, minimised) or shown but not focused (another window in front). */
function pageInBackground(): boolean {
  return typeof document !== 'undefined' && (document.hidden || !document.hasFocus());
}

export const focusWindow = fromPromise<void>(async () => globalThis.focus?.());

/** A panic's notification, raised only while the page is in the background; its click is sent back. */
export const panicNotification = fromCallback<EventObject, { panic: PanicSummary }>(({ input: { panic }, sendBack }) => {
  if (!pageInBackground()) return;
  const notification = new globalThis.Notification(`New panic alert in ${panic.regionId}`, {
    body: `${formatDateTime(panic.createdAt, DEFAULT_CLOCK)} · ${panic.latitude.toFixed(5)}, ${panic.longitude.toFixed(5)}`,
    // One notification per incident: a repeat replaces it rather than stacking.
    tag: `panic-${panic.id}`,
    requireInteraction: true,
  });
  notification.onclick = () => {
    sendBack({ type: 'notification.click', incidentId: panic.id });
    notification.close();
  };
});
