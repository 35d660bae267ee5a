// The floor of the replay's frame cost (bench/replay-frame.ts): the same tracks in a bare deck.gl TripsLayer,
// no basemap, no React, no statechart, the size of the replay's map. `window.play(speed)` runs its clock on
// requestAnimationFrame, a new layer each frame with only `currentTime` changed: the least a page can do to
// play a replay.
import { Deck } from '@deck.gl/core';
import { TripsLayer } from '@deck.gl/geo-layers';

interface Trip {
  path: [number, number][];
  timestamps: Float32Array;
}

const answer = (await (await fetch('/tracks.json')).json()) as {
  tracks: { points: { latitude: number; longitude: number; at: string }[] }[];
};
const start = Math.min(...answer.tracks.map((track) => Date.parse(track.points[0]!.at)));
const trips: Trip[] = answer.tracks.map((track) => ({
  path: track.points.map((p) => [p.longitude, p.latitude]),
  timestamps: Float32Array.from(track.points, (p) => (Date.parse(p.at) - start) / 1000),
}));
const lngs = trips.flatMap((trip) => trip.path.map(([lng]) => lng));
const lats = trips.flatMap((trip) => trip.path.map(([, lat]) => lat));

let currentTime = 0;
const layer = () =>
  new TripsLayer<Trip>({
    id: 'trips',
    data: trips,
    getPath: (trip) => trip.path,
    getTimestamps: (trip) => trip.timestamps as unknown as number[],
    getColor: [37, 99, 235],
    getWidth: 4,
    widthUnits: 'pixels',
    fadeTrail: false,
    trailLength: 1e9,
    currentTime,
  });

const deck = new Deck({
  parent: document.getElementById('map') as HTMLDivElement,
  initialViewState: {
    longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
    zoom: 13,
  },
  controller: false,
  layers: [layer()],
  onAfterRender: () => ((window as unknown as { floorDrawn: boolean }).floorDrawn = true),
});

(window as unknown as { play: (speed: number) => void }).play = (speed) => {
  let previous: number | undefined;
  requestAnimationFrame(function frame(now) {
    if (previous !== undefined) currentTime += ((now - previous) * speed) / 1000;
    previous = now;
    deck.setProps({ layers: [layer()] });
    requestAnimationFrame(frame);
  });
};
