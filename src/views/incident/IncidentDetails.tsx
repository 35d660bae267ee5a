import { makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { GpsHistoryPoint, Incident } from '../../api/entities.ts';
import { ProfileButton } from '../profile/ProfileButton.tsx';
import type { DetailsRef } from './details-ref.ts';
import { IncidentFacts } from './IncidentFacts.tsx';
import { IncidentTimeline } from './IncidentTimeline.tsx';
import { IncidentWrites } from './IncidentWrites.tsx';
import { ReplayButton } from './ReplayButton.tsx';
import { RespondersSection, type RespondersRef } from './RespondersSection.tsx';
import { TouristWatch } from './TouristWatch.tsx';
import { TrailMap } from './TrailMap.tsx';
import { WatchReason } from './WatchReason.tsx';

const useStyles = makeStyles({
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export interface DetailsProps {
  details: DetailsRef;
  /** The page's record of the incident (the dashboard's): its facts, status and assignee. */
  incident: Incident;
  /** The tourist's recent positions, oldest first (from /gps/history and the stream). */
  trail: readonly GpsHistoryPoint[];
  /** The geofence the panic was raised in, by name when the dashboard knows it. */
  zone: string | undefined;
  /** A viewer reads; an operator and up also writes. */
  mayWrite: boolean;
}

/** The drawer's content: why the watch raised it, facts, the tourist's watch (operators), trail, the operator's actions and the live timeline. */
export function IncidentDetails({ details, incident, trail, zone, mayWrite }: DetailsProps) {
  const styles = useStyles();
  const region = useSelector(details, (s) => s.context.region);
  const responders = useSelector(details, (s) => s.children.responders as RespondersRef | undefined);
  return (
    <div className={styles.details}>
      <WatchReason incident={incident} zone={zone} />
      <IncidentFacts incident={incident} region={region} zone={zone} />
      <div>
        <ProfileButton touristId={incident.touristId} />
      </div>
      <TouristWatch details={details} />
      <TrailMap incident={incident} trail={trail} />
      <ReplayButton incident={incident} />
      {mayWrite && <IncidentWrites details={details} incident={incident} />}
      {responders && <RespondersSection responders={responders} mayWrite={mayWrite} />}
      <IncidentTimeline details={details} />
    </div>
  );
}
