// The floor of the console's positions figure (bench/browser-devices.ts): the very position messages the
// dashboard was sent (GET /positions/stream's, and the alert stream's `gps` frames), handed to a bare deck.gl
// page that draws what they say: a dot per device, or a hexagon per H3 cell when the area is answered in
// counts, and the 50 newest pings of the alert stream, redrawn once per animation frame. No basemap, no state
// machine, no React: the least any page can do to show the same data.
import { Deck } from '@deck.gl/core';
import { H3HexagonLayer } from '@deck.gl/geo-layers';
import { ScatterplotLayer } from '@deck.gl/layers';

type Position = [number, number];
interface Ping {
  deviceId?: string;
  touristId?: string;
  latitude: number;
  longitude: number;
}
type Message =
  | { type: 'positions_snapshot'; positions: Ping[] }
  | { type: 'positions'; positions: Ping[]; left: string[] }
  | { type: 'cells_snapshot' | 'cells'; resolution: number; cells: { cell: string; count: number }[] }
  | { type: 'gps'; ping: Ping };

/** The alert stream's newest pings the dashboard shows (SPEC §7). */
const NEWEST_PINGS = 50;

const positions = new Map<string, Position>();
const counts = new Map<string, number>();
const newest = new Map<string, Position>();
const deck = new Deck({
  parent: document.getElementById('map') as HTMLDivElement,
  initialViewState: { longitude: 92.9, latitude: 26, zoom: 5 },
  controller: false,
  layers: [],
});
const page = window as unknown as { messages: number };
page.messages = 0;

/** Each layer's rows, made anew only when its messages changed them: deck.gl redoes the layers whose data is new. */
const data = { cells: [...counts], positions: [...positions.values()], newest: [...newest.values()] };
const changed = new Set<keyof typeof data>();

const dotLayer = (id: string, dots: Position[], radius: number, color: [number, number, number]) =>
  new ScatterplotLayer<Position>({
    id,
    data: dots,
    getPosition: (position) => position,
    getRadius: radius,
    radiusUnits: 'pixels',
    getFillColor: color,
  });

let frameAsked = false;
function redraw() {
  frameAsked = false;
  if (changed.has('cells')) data.cells = [...counts];
  if (changed.has('positions')) data.positions = [...positions.values()];
  if (changed.has('newest')) data.newest = [...newest.values()];
  changed.clear();
  deck.setProps({
    layers: [
      new H3HexagonLayer<[string, number]>({
        id: 'cells',
        data: data.cells,
        getHexagon: ([cell]) => cell,
        getFillColor: [30, 64, 175, 150],
        extruded: false,
      }),
      dotLayer('devices', data.positions, 3, [71, 85, 105]),
      dotLayer('newest', data.newest, 6, [37, 99, 235]),
    ],
  });
}

const keyOf = (ping: Ping) => ping.deviceId ?? ping.touristId ?? '';

const source = new EventSource('/stream');
source.onmessage = (event: MessageEvent<string>) => {
  const message = JSON.parse(event.data) as Message;
  page.messages++;
  switch (message.type) {
    case 'gps': {
      const key = keyOf(message.ping);
      newest.delete(key);
      newest.set(key, [message.ping.longitude, message.ping.latitude]);
      if (newest.size > NEWEST_PINGS) newest.delete(newest.keys().next().value!);
      changed.add('newest');
      break;
    }
    case 'positions_snapshot':
    case 'positions':
      if (message.type === 'positions_snapshot') positions.clear();
      else for (const key of message.left) positions.delete(key);
      for (const ping of message.positions) positions.set(keyOf(ping), [ping.longitude, ping.latitude]);
      changed.add('positions');
      break;
    default:
      if (message.type === 'cells_snapshot') counts.clear();
      for (const { cell, count } of message.cells) {
        if (count > 0) counts.set(cell, count);
        else counts.delete(cell);
      }
      changed.add('cells');
  }
  if (!frameAsked) {
    frameAsked = true;
    requestAnimationFrame(redraw);
  }
};
