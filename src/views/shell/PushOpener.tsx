// A push notification's click (issue 35 point 5) shows its incident: in an open console the service worker
// posts SHOW_INCIDENT_MESSAGE; a console it opened starts at `/#/incidents/<id>`, shown once that panic is
// among the loaded open panics, then the address is set back to the console's.
import { useEffect, useRef, useState } from 'react';
import { incidentIdOf, SHOW_INCIDENT_MESSAGE } from '../../domain/incident-route.ts';
import { useOpenPanics } from '../alarm/panic-watch.ts';
import { DashboardActor } from '../dashboard-actor.ts';

export function PushOpener() {
  const { send } = DashboardActor.useActorRef();
  const [wanted] = useState(() => incidentIdOf(globalThis.location?.hash ?? ''));
  const shown = useRef(false);
  const loaded = useOpenPanics().some((panic) => panic.id === wanted);
  useEffect(() => {
    if (!wanted || !loaded || shown.current) return;
    shown.current = true;
    send({ type: 'incident.show', id: wanted });
    globalThis.history?.replaceState(null, '', '/');
  }, [wanted, loaded, send]);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const listen = (event: MessageEvent<{ type?: string; incidentId?: unknown }>) => {
      if (event.data?.type === SHOW_INCIDENT_MESSAGE && typeof event.data.incidentId === 'string')
        send({ type: 'incident.show', id: event.data.incidentId });
    };
    navigator.serviceWorker.addEventListener('message', listen);
    return () => navigator.serviceWorker.removeEventListener('message', listen);
  }, [send]);
  return null;
}
