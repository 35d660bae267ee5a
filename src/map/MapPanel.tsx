// The 'Map' card's content (SPEC §2 "Map panel"): deck.gl layers over a MapLibre basemap.
// Lazily loaded by the dashboard; nothing outside src/map may import this folder's deck.gl/MapLibre code.
import type { PickingInfo } from '@deck.gl/core';
import type { MapLibreOverlayProps } from '@deck.gl/maplibre';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { pingKey } from '../api/entities.ts';
import { afterNextPaint } from './after-paint.ts';
import type { AreaPositions } from './area/area-positions.ts';
import { AREA_LAYER_IDS, buildAreaCellLayer, buildAreaPointLayer } from './area/area-layers.ts';
import { useAreaPositions } from './area/useAreaPositions.ts';
import { backgroundColour } from './basemap.ts';
import { DetailsCard, type PlacedDetails } from './DetailsCard.tsx';
import { detailsOfPick } from './details.ts';
import { DEFAULT_CLOCK } from '../i18n/clock.ts';
import { fitPoints, fitTarget, initialCamera } from './fit.ts';
import {
  buildAlertLayer,
  buildPingLayer,
  buildResponderLayer,
  buildTrailLayer,
  buildZoneLayer,
  LAYER_IDS,
} from './layers.ts';
import { Legend } from './Legend.tsx';
import { legendOf } from './live-frame.ts';
import { mapMayAnimate } from './motion.ts';
import { MAP_HEIGHT_PX } from './style.ts';
import type { MapPanelProps } from './types.ts';
import { useT } from '../i18n/useT.ts';

// The panel's contract, for the dashboard's type-only import (src/views meets src/map only here).
export type { MapAlert, MapPanelProps } from './types.ts';
import { useAutoFit } from './useAutoFit.ts';
import { useBasemapTheme } from './useBasemapTheme.ts';
import { useDeckMap } from './useDeckMap.ts';
import { useLiveFrame } from './useLiveFrame.ts';
import { useTestModeClicks } from './useTestModeClicks.ts';

/** For the browser-test harness and tools. Not needed by the dashboard. */
interface MapPanelHooks {
  /** The map, once created. */
  onMapReady?: (map: MapLibreMap) => void;
  /** Glide the live markers whatever draws the map (the glide's own test, in software WebGL); absent: as motion.ts says. */
  glideAlways?: boolean;
}

const useStyles = makeStyles({
  panel: { position: 'relative', width: '100%', height: `${MAP_HEIGHT_PX}px`, overflow: 'hidden' },
  filling: { height: 'auto', flexGrow: 1, minHeight: 0 },
  // Not absolutely positioned: MapLibre's stylesheet makes .maplibregl-map position: relative.
  map: { width: '100%', height: '100%' },
  testCursor: { '& .maplibregl-canvas': { cursor: 'crosshair' } },
  toolbar: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalS,
    zIndex: 2,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  paused: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
  },
  hint: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 2,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    pointerEvents: 'none',
  },
  unavailable: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '100%',
    color: tokens.colorNeutralForeground3,
  },
});

const NO_RESPONDERS: never[] = [];

const NO_ENTRIES: never[] = [];

/** What a pick found: the area's points are binary, so their ping is read from the store and shown as a live one. */
function pickedObject(info: PickingInfo, positions: AreaPositions): [string | undefined, unknown] {
  if (info.layer?.id !== AREA_LAYER_IDS.points) return [info.layer?.id, info.object];
  const ping = positions.pingAt(info.index);
  return ping ? [LAYER_IDS.pings, { key: pingKey(ping), ping }] : [undefined, undefined];
}

export default function MapPanel(props: MapPanelProps & MapPanelHooks) {
  const {
    alerts,
    geofences,
    pings,
    history,
    showLiveGps,
    fitGps,
    testMode,
    onMapClick,
    dark,
    focus,
    onMapReady,
    responders,
    glideAlways = false,
  } = props;
  const styles = useStyles();
  const panelRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const [startCamera] = useState(() => initialCamera(alerts, props.home));
  const status = useDeckMap(mapRef, { camera: startCamera, dark, warmUpAlertLayers: true });
  const deckMap = status.state === 'ready' ? status.deckMap : null;
  const map = deckMap?.map ?? null;

  const frame = useLiveFrame(pings, history);
  const area = useAreaPositions(map, props.regionId, showLiveGps);
  const legend = useMemo(() => legendOf(frame), [frame]);
  const target = useMemo(
    () => fitTarget(fitPoints(alerts, history, { showLiveGps, fitGps })),
    [alerts, history, showLiveGps, fitGps],
  );
  const mayAnimate = useMemo(() => map !== null && mapMayAnimate(map.getCanvas()), [map]);
  const { fitToData, autoFitPaused } = useAutoFit(map, target, focus, mayAnimate);
  const glide = map !== null && (glideAlways || mayAnimate);

  const [hovered, setHovered] = useState<PlacedDetails | null>(null);
  const [pinned, setPinned] = useState<PlacedDetails | null>(null);

  // deck.gl's handlers read the latest props through a ref.
  const clock = props.clock ?? DEFAULT_CLOCK;
  const t = useT();
  const latest = useRef({ testMode, geofences, clock, t, area });
  useLayoutEffect(() => {
    latest.current = { testMode, geofences, clock, t, area };
  });

  useEffect(() => {
    if (map) onMapReady?.(map);
  }, [map, onMapReady]);

  useTestModeClicks(map, testMode, onMapClick);
  useBasemapTheme(map, dark);

  // Hiding live GPS drops the cards it may have opened (React's "adjust state when a prop changes").
  const [cardsShownWithGps, setCardsShownWithGps] = useState(showLiveGps);
  if (cardsShownWithGps !== showLiveGps) {
    setCardsShownWithGps(showLiveGps);
    if (!showLiveGps) {
      setHovered(null);
      setPinned(null);
    }
  }

  // A new array makes deck.gl redraw every layer, which without a GPU costs the CPU about half a second
  // with 10,000 alerts: renders that change nothing drawn (a focus, a poll's equal answer) keep this one.
  // The alerts above every position, a crowd's or a cell's (issue 48): an open panic is never hidden.
  const layers = useMemo(
    () => [
      buildZoneLayer(geofences),
      buildAreaCellLayer(area.cells, { visible: showLiveGps, dark }),
      buildAreaPointLayer(area.points, { visible: showLiveGps, dark }),
      buildTrailLayer(frame.trails, { visible: showLiveGps }),
      buildPingLayer(frame.pings, { visible: showLiveGps, glide: glide && frame.glide, dark }),
      buildAlertLayer(alerts, { dark }),
      buildResponderLayer(responders ?? NO_RESPONDERS, { dark }),
    ],
    [
      geofences,
      area.cells,
      area.points,
      frame.trails,
      frame.pings,
      frame.glide,
      glide,
      alerts,
      showLiveGps,
      dark,
      responders,
    ],
  );

  // The newest layers and handlers wait here for the frame after the next paint (after-paint.ts); renders
  // meanwhile replace them, so a burst of updates costs deck.gl one. Never cancelled by a render: a map
  // re-rendered every frame would otherwise never be drawn.
  const waiting = useRef<{ deckMap: NonNullable<typeof deckMap>; props: MapLibreOverlayProps } | null>(null);
  const cancelWaiting = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelWaiting.current?.(), []);
  // Only for new layers or a new map: the handlers read everything else through refs.
  useEffect(() => {
    if (!deckMap) return;
    const place = (info: PickingInfo, pinnedCard: boolean): PlacedDetails | null => {
      const [layerId, object] = pickedObject(info, latest.current.area.positions);
      const details = detailsOfPick(layerId, object, latest.current.geofences, latest.current.clock, latest.current.t);
      return details
        ? { details, x: info.x, y: info.y, pinned: pinnedCard, panelWidth: panelRef.current?.clientWidth ?? 0 }
        : null;
    };
    const alreadyWaiting = waiting.current !== null;
    const props: MapLibreOverlayProps = {
      layers,
      onHover: (info) => {
        const placed = place(info, false);
        setHovered(placed);
        deckMap.map.getCanvas().style.cursor = latest.current.testMode ? 'crosshair' : placed ? 'pointer' : '';
      },
      onClick: (info) => {
        if (latest.current.testMode) return;
        setPinned(place(info, true));
      },
    };
    waiting.current = { deckMap, props };
    if (alreadyWaiting) return;
    cancelWaiting.current = afterNextPaint(() => {
      const next = waiting.current;
      waiting.current = null;
      cancelWaiting.current = null;
      next?.deckMap.overlay.setProps(next.props);
    });
  }, [deckMap, layers]);

  if (status.state === 'failed') {
    return (
      <div className={mergeClasses(styles.panel, props.fill && styles.filling)} data-testid="map-panel">
        <div className={styles.unavailable} role="status">
          {t('map.unavailableReason', { reason: status.reason })}
        </div>
      </div>
    );
  }

  const card = pinned ?? hovered;
  return (
    <div ref={panelRef} className={mergeClasses(styles.panel, props.fill && styles.filling)} data-testid="map-panel">
      {/* The CSS background shows even when a configured style URL itself fails to load. */}
      <div
        ref={mapRef}
        className={mergeClasses(styles.map, testMode && styles.testCursor)}
        style={{ backgroundColor: backgroundColour(dark) }}
      />
      <div className={styles.toolbar}>
        <Button size="small" onClick={fitToData} disabled={target.kind === 'none'}>
          {t('map.fit')}
        </Button>
        {autoFitPaused && <span className={styles.paused}>{t('map.autoFitPaused')}</span>}
      </div>
      {testMode && (
        <div className={styles.hint} role="status">
          {t('map.testHint')}
        </div>
      )}
      <Legend
        entries={showLiveGps ? legend.entries : NO_ENTRIES}
        more={showLiveGps ? legend.more : 0}
        trailsHidden={showLiveGps ? legend.trailsHidden : 0}
        responders={responders ?? NO_RESPONDERS}
      />
      {card && <DetailsCard placed={card} onClose={() => setPinned(null)} onProfile={props.onOpenProfile} />}
    </div>
  );
}
