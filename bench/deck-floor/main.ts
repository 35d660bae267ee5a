// The floor of update10k (bench/browser-devices.ts): the same stream of GPS messages handed to a bare
// deck.gl ScatterplotLayer, one point per device, redrawn once per animation frame. No basemap, no state
// machine, no React: the least any page can do to show every device's newest position.
import { Deck } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';

type Position = [number, number];

const positions = new Map<string, Position>();
const deck = new Deck({
  parent: document.getElementById('map') as HTMLDivElement,
  initialViewState: { longitude: 91.7362, latitude: 26.1445, zoom: 11 },
  controller: false,
  layers: [],
});

let frameAsked = false;
function redraw() {
  frameAsked = false;
  const layer = new ScatterplotLayer<Position>({
    id: 'devices',
    data: [...positions.values()],
    getPosition: (position) => position,
    getRadius: 30,
    radiusMinPixels: 2,
    getFillColor: [220, 38, 38],
  });
  deck.setProps({ layers: [layer] });
}

const source = new EventSource('/stream');
source.onmessage = (event: MessageEvent<string>) => {
  const message = JSON.parse(event.data) as {
    type: string;
    ping?: { deviceId?: string; touristId?: string; latitude: number; longitude: number };
  };
  if (message.type !== 'gps' || !message.ping) return;
  const { deviceId, touristId, latitude, longitude } = message.ping;
  positions.set(deviceId ?? touristId ?? '', [longitude, latitude]);
  if (!frameAsked) {
    frameAsked = true;
    requestAnimationFrame(redraw);
  }
};
