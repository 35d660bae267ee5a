import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular, DocumentTextRegular } from '@fluentui/react-icons';
import { reportHref } from '../../domain/report-route.ts';
import { useSelector } from '@xstate/react';
import { pingKey } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';
import type { DetailsRef } from './details-ref.ts';
import { IncidentDetails } from './IncidentDetails.tsx';
import { useT } from '../../i18n/useT.ts';

const NO_TRAIL: never[] = [];

/** The details drawer a row's click opens, titled `Incident {id}`: the dashboard's `details` child. */
export function IncidentDrawer({ details, onClose }: { details: DetailsRef; onClose: () => void }) {
  const t = useT();
  const mayWrite = useMay('acknowledge');
  const id = useSelector(details, (s) => s.context.incidentId);
  // The page's one record of the incident; the row as clicked only while the records do not hold it (a
  // load for another region or window dropped it).
  const record = DashboardActor.useSelector((s) => s.context.incidents.find((known) => known.id === id));
  const clicked = useSelector(details, (s) => s.context.clicked);
  const incident = record ?? clicked;
  const trail = DashboardActor.useSelector((s) =>
    incident.touristId || incident.deviceId ? s.context.history[pingKey(incident)] : undefined,
  );
  const zone = DashboardActor.useSelector((s) => {
    const id = incident.meta?.geofenceId;
    return id ? (s.context.geofences.find((geofence) => geofence.id === id)?.name ?? id) : undefined;
  });
  return (
    // Non-modal: the table stays live and usable beside it (another panic may need a click meanwhile).
    <OverlayDrawer
      open
      modalType="non-modal"
      position="end"
      size="medium"
      onOpenChange={(_, data) => data.open || onClose()}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <>
              {/* A page of its own in a new tab, to print or keep beside the console (issue 34). */}
              <Button
                as="a"
                href={reportHref(incident.id)}
                target="_blank"
                rel="noopener"
                appearance="subtle"
                icon={<DocumentTextRegular />}
              >
                {t('incident.report')}
              </Button>
              <Button
                appearance="subtle"
                aria-label={t('incident.close')}
                icon={<DismissRegular />}
                onClick={onClose}
              />
            </>
          }
        >
          {t('incident.title', { id: incident.id })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <IncidentDetails
          details={details}
          incident={incident}
          trail={trail ?? NO_TRAIL}
          zone={zone}
          mayWrite={mayWrite}
        />
      </DrawerBody>
    </OverlayDrawer>
  );
}
