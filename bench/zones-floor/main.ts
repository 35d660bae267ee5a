// The floor of the Zones view (bench/browser-zones.ts): the same 2,000 zones in a bare deck.gl PolygonLayer, no
// basemap, no React, no drawing library. Like the Zones view it hands deck.gl only the zones near the view
// (with software WebGL every zone's vertices are shaded each frame: all 2,000 took the GPU process over 10 s a
// frame). A pointer pressed on zone 0's first vertex drags it: each move rebuilds only a one-zone layer drawn
// over the others (the least a page can do to show the zone being reshaped), redrawn once per animation frame.
import { Deck, WebMercatorViewport } from '@deck.gl/core';
import { PolygonLayer } from '@deck.gl/layers';
import { ZONE_COUNT, zoneCentre, zoneRing } from '../support/zone-grid.ts';

type Ring = [number, number][];
const rings: Ring[] = Array.from({ length: ZONE_COUNT }, (_, index) => zoneRing(index));
const first = zoneCentre(0);
const [west, south, east, north] = new WebMercatorViewport({
  width: innerWidth,
  height: innerHeight,
  longitude: first.longitude,
  latitude: first.latitude,
  zoom: 13,
}).getBounds();
const [marginX, marginY] = [(east - west) / 2, (north - south) / 2];
const nearView = (ring: Ring) =>
  ring.some(
    ([lng, lat]) => lng >= west - marginX && lng <= east + marginX && lat >= south - marginY && lat <= north + marginY,
  );
const colour = (index: number): [number, number, number] =>
  [
    [220, 38, 38],
    [234, 179, 8],
    [22, 163, 74],
  ][index % 3] as [number, number, number];

const zonesLayer = new PolygonLayer<Ring>({
  id: 'zones',
  data: rings.slice(1).filter(nearView),
  getPolygon: (ring) => ring,
  getFillColor: (_, { index }) => [...colour(index), 50],
  getLineColor: (_, { index }) => colour(index),
  getLineWidth: 2,
  lineWidthUnits: 'pixels',
});
let edited: Ring = rings[0];
const editedLayer = () =>
  new PolygonLayer<Ring>({
    id: 'edited',
    data: [edited],
    getPolygon: (ring) => ring,
    getFillColor: [37, 99, 235, 60],
    getLineColor: [37, 99, 235],
    getLineWidth: 3,
    lineWidthUnits: 'pixels',
  });

const deck = new Deck({
  parent: document.getElementById('map') as HTMLDivElement,
  initialViewState: { longitude: first.longitude, latitude: first.latitude, zoom: 13 },
  controller: false,
  layers: [zonesLayer, editedLayer()],
  onAfterRender: () => ((window as unknown as { floorDrawn: boolean }).floorDrawn = true),
});

let dragging = false;
let frameAsked = false;
const canvas = document.getElementById('map') as HTMLDivElement;
canvas.addEventListener('pointerdown', () => (dragging = true));
canvas.addEventListener('pointerup', () => (dragging = false));
canvas.addEventListener('pointermove', (event) => {
  if (!dragging) return;
  const [lng, lat] = deck.getViewports()[0]!.unproject([event.offsetX, event.offsetY]) as [number, number];
  edited = [[lng, lat], ...edited.slice(1, -1), [lng, lat]];
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    deck.setProps({ layers: [zonesLayer, editedLayer()] });
  });
});
