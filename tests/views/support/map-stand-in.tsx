// WebGL cannot run in happy-dom: the lazily loaded map is replaced by a button that clicks a point.
import type { MapPanelProps } from '../../../src/map/types.ts';

export const STAND_IN_CLICK = { latitude: 12.34567, longitude: 77.65432 };

export default function MapPanelStandIn(props: MapPanelProps) {
  return (
    <div
      data-testid="map"
      data-alerts={props.alerts.length}
      data-live-gps={props.showLiveGps}
      data-fit-gps={props.fitGps}
    >
      {props.testMode && <p>Click on the map to send a test alert</p>}
      <button type="button" onClick={() => props.onMapClick(STAND_IN_CLICK.latitude, STAND_IN_CLICK.longitude)}>
        Simulate map click
      </button>
    </div>
  );
}
