import { Card, makeStyles, mergeClasses, Skeleton, SkeletonItem } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { lazy, useEffect, useMemo, useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import type { MapAlert } from '../../map/MapPanel.tsx';
import { DashboardActor, useConnectionState, useDark, useTestAlert } from '../dashboard-actor.ts';
import { isUnverified } from '../../domain/display.ts';
import { tableIncidentsOf } from '../../domain/incident-records.ts';
import { sameFields } from '../../domain/same-items.ts';
import { loadChunk } from '../chunk-load.ts';
import { LazyPart } from '../LazyPart.tsx';
import type { DetailsRef } from '../incident/details-ref.ts';
import type { RespondersRef } from '../incident/RespondersSection.tsx';
import { useSameItems } from '../useSameItems.ts';
import { useOpenProfile } from '../profile/ProfileOpener.tsx';
import { CardTitle } from './CardTitle.tsx';
import { MapTextAlternative } from './MapTextAlternative.tsx';
import { RiskLegend } from './RiskLegend.tsx';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

// deck.gl and MapLibre come in their own chunk, fetched once the table has shown; the map starts once it is live.
let mapPanelChunk: ReturnType<typeof fetchMapPanel> | undefined;
const fetchMapPanel = () => loadChunk(() => import('../../map/MapPanel.tsx'));
const loadMapPanel = () => (mapPanelChunk ??= fetchMapPanel());
const MapPanel = lazy(loadMapPanel);

/** The longest the map waits for the stream after the table has shown: a stream that never answers falls back to polling. */
const MAP_WAITS_FOR_STREAM_MS = 5_000;

/**
 * True once the alerts table is live, and the page idle after painting it: the table shows its rows, its
 * empty text or an error, and the stream has connected (or failed, and the page polls). The map's chunk and
 * its start (useDeckMap) come after, so that none of it holds back the table, its first rows from the stream
 * or the panic bar (issue 33: 20 panics posted as the stream connected reached the bar 3.9 s later).
 */
function useAfterTableLive(): boolean {
  const tableShown = DashboardActor.useSelector((s) => !(s.hasTag('loading') && s.context.tableIds.size === 0));
  const streamSettled = useConnectionState() !== 'connecting';
  const [streamWaitOver, setStreamWaitOver] = useState(false);
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (tableShown) void loadMapPanel().catch(() => undefined);
  }, [tableShown]);
  useEffect(() => {
    if (!tableShown || streamSettled) return;
    const timer = setTimeout(() => setStreamWaitOver(true), MAP_WAITS_FOR_STREAM_MS);
    return () => clearTimeout(timer);
  }, [tableShown, streamSettled]);
  useEffect(() => {
    if (!tableShown || !(streamSettled || streamWaitOver) || after) return;
    // An idle period comes only after the frame that paints the table, and while no message waits.
    const start = () => setAfter(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(start, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }, [tableShown, streamSettled, streamWaitOver, after]);
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
  /** Wall mode: the card fills its place and the map the card. */
  filling: { height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column', boxSizing: 'border-box' },
  mapFallback: { height: '400px' },
  fillFallback: { flexGrow: 1, minHeight: 0 },
});

/** The nearest units the open drawer's Responders section holds (its `responders` child), for the map. */
function useNearestUnitsOfOpenIncident() {
  const details = DashboardActor.useSelector((s) => s.children.details as DetailsRef | undefined);
  const responders = useSelector(details, (s) => s?.children.responders as RespondersRef | undefined);
  return useSelector(responders, (s) => s?.context.nearest);
}

/** `fill`: take the whole height of its place (wall mode) instead of the spec's 400 px. */
export function MapCard({ fill = false }: { fill?: boolean } = {}) {
  const styles = useStyles();
  const clock = useClock();
  const t = useT();
  const incidents = DashboardActor.useSelector((s) => tableIncidentsOf(s.context));
  const geofences = DashboardActor.useSelector((s) => s.context.geofences);
  const pings = DashboardActor.useSelector((s) => s.context.pings);
  const history = DashboardActor.useSelector((s) => s.context.history);
  const showLiveGps = DashboardActor.useSelector((s) => s.matches({ liveGps: 'on' }));
  const fitGps = DashboardActor.useSelector((s) => s.matches({ fitGps: 'on' }));
  const focus = DashboardActor.useSelector((s) => s.context.focus);
  const responders = useNearestUnitsOfOpenIncident();
  const openProfile = useOpenProfile();
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const home = DashboardActor.useSelector(
    (s) => s.context.regions.find((region) => region.id === s.context.regionId)?.homeView,
  );
  const dark = useDark();
  const { testAlert, armed } = useTestAlert();
  const mapWanted = useAfterTableLive();
  const mapFallback = (
    <Skeleton aria-label={t('dashboard.loadingMap')} className={fill ? styles.fillFallback : undefined}>
      <SkeletonItem className={fill ? styles.fillFallback : styles.mapFallback} />
    </Skeleton>
  );
  // A status poll or reload that changed nothing shown (an incident fetched again included) keeps the
  // array the map has drawn.
  const alerts = useSameItems(
    useMemo(() => incidents.map(mapAlertOf), [incidents]),
    sameFields,
  );
  return (
    <Card className={mergeClasses(styles.card, fill && styles.filling)} aria-label={t('dashboard.map')}>
      <CardTitle title={t('dashboard.map')}>
        <RiskLegend />
      </CardTitle>
      <MapTextAlternative incidents={incidents} />
      <LazyPart label={t('dashboard.loadingMap')} fallback={mapFallback}>
        {mapWanted ? (
          <MapPanel
            alerts={alerts}
            clock={clock}
            geofences={geofences}
            pings={pings}
            history={history}
            showLiveGps={showLiveGps}
            fitGps={fitGps}
            testMode={armed}
            onMapClick={(latitude, longitude) => testAlert?.send({ type: 'map.click', latitude, longitude })}
            dark={dark}
            focus={focus}
            regionId={regionId}
            home={home}
            responders={responders}
            onOpenProfile={openProfile}
            fill={fill}
          />
        ) : (
          mapFallback
        )}
      </LazyPart>
    </Card>
  );
}
