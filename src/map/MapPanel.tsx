import type { MapPanelProps } from './types.ts';

/** First cut so the dashboard compiles; the deck.gl map grows behind this same default export. */
export default function MapPanel(props: MapPanelProps) {
  return (
    <div style={{ position: 'relative', width: '100%', height: 400 }} data-testid="map-panel">
      {props.testMode && <div role="status">Click on the map to send a test alert</div>}
    </div>
  );
}
