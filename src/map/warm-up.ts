// The layers the map draws once, invisibly, while it starts (issue 33): without a GPU (SwiftShader) a layer
// type's first draw with data compiles its program and Chromium's GPU process compiles the routines that
// draw it, and the page's next commit waits for both: the first panic's row was painted 280 ms after its POST
// where the next took 40. Drawn here, one more type each step, with one datum at opacity 0, from the same
// builders and ids as the real layers, so that the alerts' layer is ready before any alert needs it.
import type { Layer } from '@deck.gl/core';
import type { Geofence } from '../api/entities.ts';
import type { LngLat } from './geo.ts';
import { buildAlertLayer, buildTrailLayer, buildZoneLayer } from './layers.ts';
import type { MapAlert } from './types.ts';

const SPAN = 0.001;

/** The layer lists to draw one after another: the alerts' first, then with the trails, then with the zones too. */
export function warmUpSteps(center: LngLat, options: { dark: boolean }): Layer[][] {
  const [longitude, latitude] = center;
  const zone: Geofence = {
    id: 'warm-up',
    name: 'warm-up',
    riskLevel: 'green',
    regionId: 'warm-up',
    polygon: [
      [latitude, longitude],
      [latitude + SPAN, longitude],
      [latitude, longitude + SPAN],
    ],
    meta: {},
  };
  const alert: MapAlert = { id: 'warm-up', latitude, longitude, at: new Date(0).toISOString() };
  const hidden = { opacity: 0 };
  const layers = [
    buildAlertLayer([alert], options).clone(hidden),
    buildTrailLayer([{ key: 'warm-up', path: [center, [longitude + SPAN, latitude]], colour: [0, 0, 0] }], {
      visible: true,
    }).clone(hidden),
    buildZoneLayer([zone]).clone(hidden),
  ];
  return layers.map((_, i) => layers.slice(0, i + 1));
}
