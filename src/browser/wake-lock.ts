// The Screen Wake Lock, as the wall machine holds it: an actor that keeps the screen awake while it runs. The
// browser drops the lock whenever the page is hidden, so it is asked for again each time the page is shown.
import { fromCallback } from 'xstate';

export type WakeLockState = 'held' | 'released' | 'refused' | 'unsupported';
export type WakeLockEvent = { type: 'wakeLock.changed'; state: WakeLockState };

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockSentinelLike> };

export const screenWakeLock = fromCallback<WakeLockEvent>(({ sendBack }) => {
  const api = (globalThis.navigator as { wakeLock?: WakeLockApi } | undefined)?.wakeLock;
  if (!api) {
    sendBack({ type: 'wakeLock.changed', state: 'unsupported' });
    return;
  }
  let sentinel: WakeLockSentinelLike | undefined;
  let stopped = false;
  const take = () => {
    if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    api.request('screen').then(
      (taken) => {
        if (stopped) return void taken.release();
        sentinel = taken;
        sendBack({ type: 'wakeLock.changed', state: 'held' });
        taken.addEventListener('release', () => {
          if (!stopped) sendBack({ type: 'wakeLock.changed', state: 'released' });
        });
      },
      () => sendBack({ type: 'wakeLock.changed', state: 'refused' }),
    );
  };
  take();
  document.addEventListener('visibilitychange', take);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', take);
    void sentinel?.release().catch(() => undefined);
  };
});
