import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { pingKey, type Incident } from '../../api/entities.ts';
import { incidentDetailsMachine } from '../../machines/incidentDetailsMachine.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useRowSync } from '../dashboard/useRowSync.ts';
import { SessionActor, useMay } from '../session-actor.ts';
import { IncidentDetails } from './IncidentDetails.tsx';

const NO_TRAIL: never[] = [];

/** The details drawer a row's click opens, titled `Incident {id}`. */
export function IncidentDrawer({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  // With sign-in off the session's user is `anonymous`: assignments are made in that name.
  const user = SessionActor.useSelector((s) => s.context.user?.username ?? 'anonymous');
  const mayWrite = useMay('acknowledge');
  const syncRows = useRowSync();
  const [detailsMachine] = useState(() =>
    incidentDetailsMachine.provide({ actions: { announceIncident: (_, { incident: changed }) => syncRows([changed]) } }),
  );
  const details = useActorRef(detailsMachine, { input: { incident, user } });
  const trail = DashboardActor.useSelector((s) => (incident.touristId || incident.deviceId ? s.context.history[pingKey(incident)] : undefined));
  const zone = DashboardActor.useSelector((s) => {
    const id = incident.meta?.geofenceId;
    return id ? (s.context.geofences.find((geofence) => geofence.id === id)?.name ?? id) : undefined;
  });
  return (
    // Non-modal: the table stays live and usable beside it (another panic may need a click meanwhile).
    <OverlayDrawer open modalType="non-modal" position="end" size="medium" onOpenChange={(_, data) => data.open || onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}
        >
          {`Incident ${incident.id}`}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <IncidentDetails details={details} trail={trail ?? NO_TRAIL} zone={zone} mayWrite={mayWrite} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
