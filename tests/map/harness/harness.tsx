// Renders the real MapPanel with the fixed scene for the browser test, and exposes the map on window.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { StrictMode, Suspense, lazy, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { MapPanelProps } from '../../../src/map/types.ts';
import { sceneAlerts, sceneHistory, scenePings, sceneZones } from './scene.ts';
import { InEnglish } from '../../views/support/in-english.tsx';

const MapPanel = lazy(() => import('../../../src/map/MapPanel.tsx'));

export interface MapHarness {
  map: MapLibreMap | null;
  /** Test-mode clicks the panel reported, in order. */
  clicks: { latitude: number; longitude: number }[];
  setProps(update: Partial<MapPanelProps>): void;
}

declare global {
  interface Window {
    mapHarness: MapHarness;
  }
}

const params = new URLSearchParams(location.search);
const harness: MapHarness = { map: null, clicks: [], setProps: () => undefined };
window.mapHarness = harness;

function sendTestAlert(latitude: number, longitude: number): void {
  harness.clicks.push({ latitude, longitude });
  // What the dashboard does with a test-mode click (SPEC §7); the test intercepts it.
  void fetch('/panic-alert', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latitude, longitude }),
  }).catch(() => undefined);
}

function Harness() {
  const [props, setProps] = useState<MapPanelProps>({
    alerts: sceneAlerts,
    geofences: sceneZones,
    pings: scenePings,
    history: sceneHistory,
    showLiveGps: params.get('live') !== '0',
    fitGps: params.get('fitGps') !== '0',
    testMode: params.get('testMode') === '1',
    onMapClick: sendTestAlert,
    dark: false,
  });
  harness.setProps = (update) => setProps((current) => ({ ...current, ...update }));
  return (
    <InEnglish>
      <FluentProvider theme={webLightTheme}>
        <div style={{ padding: 0, width: 1000 }}>
          <Suspense fallback={<div>Loading map…</div>}>
            <MapPanel {...props} onMapReady={(map) => (harness.map = map)} glideAlways={params.get('glide') === '1'} />
          </Suspense>
        </div>
      </FluentProvider>
    </InEnglish>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
