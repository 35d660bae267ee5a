// The Notification API and the window, as the notifications machine uses them (its named effects).
import type { PanicSummary } from './openPanics.ts';

export function currentNotificationPermission(): NotificationPermission | 'unsupported' {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

export async function requestNotificationPermission(): Promise<NotificationPermission> {
  return globalThis.Notification.requestPermission();
}

/** Hidden (another tab, minimised) or shown but not focused (another window in front). */
export function pageInBackground(): boolean {
  return typeof document !== 'undefined' && (document.hidden || !document.hasFocus());
}

export function focusWindow(): void {
  globalThis.focus?.();
}

export function showPanicNotification(panic: PanicSummary, onClick: () => void): void {
  const notification = new globalThis.Notification(`New panic alert in ${panic.regionId}`, {
    body: `${new Date(panic.createdAt).toLocaleString()} · ${panic.latitude.toFixed(5)}, ${panic.longitude.toFixed(5)}`,
    // One notification per incident: a repeat replaces it rather than stacking.
    tag: `panic-${panic.id}`,
    requireInteraction: true,
  });
  notification.onclick = () => {
    onClick();
    notification.close();
  };
}
