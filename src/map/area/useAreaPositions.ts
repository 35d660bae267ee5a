import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { parsePositionsMessage } from '../../api/positions.ts';
import { areaOfView, positionsStreamUrl, stillServes, type SubscribedArea } from './area-of-view.ts';
import { cellRows, type CellRow } from './area-layers.ts';
import { AreaPositions, type AreaPointData } from './area-positions.ts';
import { loadCellOutlines, type CellOutline } from './cell-outlines.ts';

/** What the layers draw, new objects only when something changed. */
export interface DrawnArea {
  points: AreaPointData;
  /** Empty until h3-js has come, the first time the area is answered in cells. */
  cells: readonly CellRow[];
  /** The store, for what a pick on a point finds (AreaPositions.pingAt). */
  positions: AreaPositions;
}

const NO_CELLS: CellRow[] = [];
/** After a refusal (429 or 503 beyond the stream caps, which say 5 s) the browser does not retry by itself. */
export const AREA_RETRY_MS = 5_000;

function drawnOf(positions: AreaPositions, outline: CellOutline | null): DrawnArea {
  const cells = positions.resolution !== undefined && outline ? cellRows(positions.cells(), outline) : NO_CELLS;
  return { points: positions.pointData(), cells, positions };
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * GET /positions/stream for what the map shows (issue 48 point 2): the region, then the view with a margin.
 * A move the subscription still covers keeps it; one past it, or to another zoom band, opens the next and
 * closes the last, on the same page. Open only while `enabled` (live GPS shown) and the page is visible: a
 * background tab holds its alert stream alone, and one connection fewer of the browser's six per server.
 * A dropped stream reconnects by itself and starts again with a snapshot (its messages carry no ids); a refused
 * one is asked again after AREA_RETRY_MS.
 */
export function useAreaPositions(map: MapLibreMap | null, regionId: string | undefined, enabled: boolean): DrawnArea {
  const [positions] = useState(() => new AreaPositions());
  const [drawn, setDrawn] = useState(() => drawnOf(positions, null));
  const visible = usePageVisible();

  useEffect(() => {
    if (!map || !enabled || !visible) return;
    let subscribed: SubscribedArea | null = null;
    let source: EventSource | null = null;
    let frame: number | null = null;
    let outline: CellOutline | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    // Messages between two frames (a snapshot and the update after it) are drawn once.
    const draw = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        setDrawn(drawnOf(positions, outline));
      });
    };
    const onMessage = (event: MessageEvent<string>) => {
      const message = parsePositionsMessage(event.data);
      if (!message || !positions.apply(message)) return;
      if (positions.resolution !== undefined && !outline)
        void loadCellOutlines().then((loaded) => {
          outline = loaded;
          if (!closed) draw();
        });
      draw();
    };
    const follow = () => {
      const bounds = map.getBounds();
      const view = {
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      };
      const wanted = areaOfView(regionId, view, map.getZoom());
      if (subscribed && stillServes(subscribed, wanted, view)) return;
      subscribed = wanted;
      source?.close();
      clearTimeout(retry);
      const opened = new EventSource(positionsStreamUrl(wanted));
      opened.onmessage = onMessage;
      opened.onerror = () => {
        if (opened.readyState !== EventSource.CLOSED || closed) return;
        subscribed = null;
        retry = setTimeout(follow, AREA_RETRY_MS);
      };
      source = opened;
    };
    follow();
    map.on('moveend', follow);
    return () => {
      closed = true;
      map.off('moveend', follow);
      clearTimeout(retry);
      source?.close();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [map, regionId, enabled, visible, positions]);

  return drawn;
}
