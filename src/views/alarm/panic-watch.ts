// The panic watch and its alarm and notifications, as components read them: children of the running
// dashboard actor (src/views/dashboard-actor.ts).
import { useSelector } from '@xstate/react';
import { alarmMode, type AlarmMode } from '../../machines/alarmMachine.ts';
import { openPanicsOf, type PanicSummary } from '../../domain/open-panics.ts';
import { DashboardActor } from '../dashboard-actor.ts';

export function usePanicWatch() {
  return DashboardActor.useSelector((s) => s.children.panicWatch);
}

/** Every region's open, unacknowledged panics, newest first, from the page's one record of each incident. */
export function useOpenPanics(): PanicSummary[] {
  return DashboardActor.useSelector((s) => openPanicsOf(s.context.incidents));
}

export function useAlarm() {
  const alarm = useSelector(usePanicWatch(), (s) => s?.children.alarm);
  const mode = useSelector(alarm, (s): AlarmMode => (s ? alarmMode(s) : 'quiet'));
  return { alarm, mode };
}

export function useNotifications() {
  const notifications = useSelector(usePanicWatch(), (s) => s?.children.notifications);
  const askable = useSelector(notifications, (s) => s?.matches('default') ?? false);
  const asking = useSelector(notifications, (s) => s?.matches('asking') ?? false);
  return { notifications, askable, asking };
}
