import {
  Card,
  CardHeader,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useMemo } from 'react';
import type { Incident } from '../../api/entities.ts';
import type { MapAlert } from '../../map/types.ts';
import { DashboardActor, useDark, useTestAlert } from '../dashboard-actor.ts';
import { statusOf } from '../../machines/incidentFilters.ts';
import { loadChunk } from '../chunk-load.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { RiskLegend } from './RiskLegend.tsx';
import { isUnverified } from './UnverifiedBadge.tsx';

// deck.gl and MapLibre come in their own chunk, after the tables have painted.
const MapPanel = lazy(() => loadChunk(() => import('../../map/MapPanel.tsx')));

function toMapAlert(incident: Incident, status: string): MapAlert {
  return {
    id: incident.id,
    latitude: incident.latitude,
    longitude: incident.longitude,
    at: incident.createdAt,
    reportedAt: incident.reportedAt ?? null,
    noLocation: incident.meta?.noLocation === true,
    riskLevel: incident.meta?.riskLevel,
    status,
    touristId: incident.touristId,
    deviceId: incident.deviceId,
    regionId: incident.regionId,
    ...(isUnverified(incident) && { verified: false }),
  };
}

const useStyles = makeStyles({
  card: { minWidth: 0 },
  mapFallback: { height: '400px' },
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

export function MapCard() {
  const styles = useStyles();
  const incidents = DashboardActor.useSelector((s) => s.context.incidents);
  const statuses = DashboardActor.useSelector((s) => s.context.statuses);
  const geofences = DashboardActor.useSelector((s) => s.context.geofences);
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  const history = DashboardActor.useSelector((s) => s.context.history);
  const showLiveGps = DashboardActor.useSelector((s) => s.matches({ liveGps: 'on' }));
  const fitGps = DashboardActor.useSelector((s) => s.matches({ fitGps: 'on' }));
  const dark = useDark();
  const { testAlert, armed } = useTestAlert();
  const alerts = useMemo(
    () => incidents.map((incident) => toMapAlert(incident, statusOf(incident, statuses))),
    [incidents, statuses],
  );
  return (
    <Card className={styles.card} aria-label="Map">
      <CardHeader
        header={
          <div className={styles.header}>
            <Text weight="semibold" as="h2">
              Map
            </Text>
            <RiskLegend />
          </div>
        }
      />
      <ChunkErrorBoundary
        fallback={(message) => (
          <MessageBar intent="error">
            <MessageBarBody>{message}</MessageBarBody>
          </MessageBar>
        )}
      >
        <Suspense
          fallback={
            <Skeleton aria-label="Loading map">
              <SkeletonItem className={styles.mapFallback} />
            </Skeleton>
          }
        >
          <MapPanel
            alerts={alerts}
            geofences={geofences}
            pings={pings}
            history={history}
            showLiveGps={showLiveGps}
            fitGps={fitGps}
            testMode={armed}
            onMapClick={(latitude, longitude) => testAlert?.send({ type: 'map.click', latitude, longitude })}
            dark={dark}
          />
        </Suspense>
      </ChunkErrorBoundary>
    </Card>
  );
}
