import { Card, makeStyles, Skeleton, SkeletonItem } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { lazy, useEffect, useMemo, useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import type { MapAlert } from '../../map/MapPanel.tsx';
import { DashboardActor, useDark, useTestAlert } from '../dashboard-actor.ts';
import { isUnverified } from '../../domain/display.ts';
import { tableIncidentsOf } from '../../domain/incident-records.ts';
import { sameFields } from '../../domain/same-items.ts';
import { loadChunk } from '../chunk-load.ts';
import { LazyPart } from '../LazyPart.tsx';
import type { DetailsRef } from '../incident/details-ref.ts';
import type { RespondersRef } from '../incident/RespondersSection.tsx';
import { useSameItems } from '../useSameItems.ts';
import { CardTitle } from './CardTitle.tsx';
import { RiskLegend } from './RiskLegend.tsx';

// deck.gl and MapLibre come in their own chunk, after the tables have painted.
const MapPanel = lazy(() => loadChunk(() => import('../../map/MapPanel.tsx')));

/** True from the frame after the alerts table first shows its rows, its empty text or an error. */
function useAfterFirstTablePaint(): boolean {
  const tableShown = DashboardActor.useSelector((s) => !(s.hasTag('loading') && s.context.tableIds.size === 0));
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!tableShown || after) return;
    // The map's chunk is the largest: downloading and parsing it must not hold back the table's paint.
    const frame = requestAnimationFrame(() => setAfter(true));
    return () => cancelAnimationFrame(frame);
  }, [tableShown, after]);
  return after;
}

function toMapAlert(incident: Incident): MapAlert {
  return {
    id: incident.id,
    latitude: incident.latitude,
    longitude: incident.longitude,
    at: incident.createdAt,
    reportedAt: incident.reportedAt ?? null,
    noLocation: incident.meta?.noLocation === true,
    riskLevel: incident.meta?.riskLevel,
    status: incident.status,
    touristId: incident.touristId,
    deviceId: incident.deviceId,
    regionId: incident.regionId,
    ...(isUnverified(incident) && { verified: false }),
  };
}

// An incident the list still holds (the same record, since reloads ask only for what changed and a status
// change makes a new record) keeps its map entry: a stream message among 10,000 incidents builds one entry.
const mapAlerts = new WeakMap<Incident, MapAlert>();
function mapAlertOf(incident: Incident): MapAlert {
  const kept = mapAlerts.get(incident);
  if (kept) return kept;
  const alert = toMapAlert(incident);
  mapAlerts.set(incident, alert);
  return alert;
}

const useStyles = makeStyles({
  card: { minWidth: 0 },
  mapFallback: { height: '400px' },
});

/** The nearest units the open drawer's Responders section holds (its `responders` child), for the map. */
function useNearestUnitsOfOpenIncident() {
  const details = DashboardActor.useSelector((s) => s.children.details as DetailsRef | undefined);
  const responders = useSelector(details, (s) => s?.children.responders as RespondersRef | undefined);
  return useSelector(responders, (s) => s?.context.nearest);
}

export function MapCard() {
  const styles = useStyles();
  const incidents = DashboardActor.useSelector((s) => tableIncidentsOf(s.context));
  const geofences = DashboardActor.useSelector((s) => s.context.geofences);
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  const history = DashboardActor.useSelector((s) => s.context.history);
  const showLiveGps = DashboardActor.useSelector((s) => s.matches({ liveGps: 'on' }));
  const fitGps = DashboardActor.useSelector((s) => s.matches({ fitGps: 'on' }));
  const focus = DashboardActor.useSelector((s) => s.context.focus);
  const responders = useNearestUnitsOfOpenIncident();
  const home = DashboardActor.useSelector((s) => s.context.regions.find((region) => region.id === s.context.regionId)?.homeView);
  const dark = useDark();
  const { testAlert, armed } = useTestAlert();
  const mapWanted = useAfterFirstTablePaint();
  const mapFallback = (
    <Skeleton aria-label="Loading map">
      <SkeletonItem className={styles.mapFallback} />
    </Skeleton>
  );
  // A status poll or reload that changed nothing shown (an incident fetched again included) keeps the
  // array the map has drawn.
  const alerts = useSameItems(
    useMemo(() => incidents.map(mapAlertOf), [incidents]),
    sameFields,
  );
  return (
    <Card className={styles.card} aria-label="Map">
      <CardTitle title="Map">
        <RiskLegend />
      </CardTitle>
      <LazyPart label="Loading map" fallback={mapFallback}>
        {mapWanted ? (
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
            focus={focus}
            home={home}
            responders={responders}
          />
        ) : (
          mapFallback
        )}
      </LazyPart>
    </Card>
  );
}
