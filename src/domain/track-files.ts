// A replayed track as files an operator downloads (issue 34 point 2): GPX written by hand, GeoJSON with the
// times of each position (`coordTimes`, as @tmcw/togeojson reads them back), and KML written by hand too:
// @placemarkio/tokml writes a LineString and drops every time, so each position is a gx:Track's <when> and
// <gx:coord> (KML 2.2's Google extension, which Google Earth plays back and @tmcw/togeojson reads).
import type { TrackPoint } from './track-summary.ts';

export interface TouristTrackFile {
  touristId: string;
  points: readonly TrackPoint[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot hold at all (control characters but tab and line ends, lone surrogates) are dropped.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** One `<trk>` per tourist, named by its id; each position a `<trkpt>` with its time. */
export function trackGpx(tracks: readonly TouristTrackFile[], name = 'Replay'): string {
  const trk = tracks.map(({ touristId, points }) => {
    const pts = points.map(
      (p) =>
        `      <trkpt lat="${p.latitude}" lon="${p.longitude}"><time>${escapeXml(new Date(p.at).toISOString())}</time></trkpt>`,
    );
    return [
      `  <trk>`,
      `    <name>${escapeXml(touristId)}</name>`,
      `    <trkseg>`,
      ...pts,
      `    </trkseg>`,
      `  </trk>`,
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Panic Alerts Dashboard" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeXml(name)}</name></metadata>`,
    ...trk,
    '</gpx>',
    '',
  ].join('\n');
}

export interface TrackFeature {
  type: 'Feature';
  properties: { touristId: string; name: string; coordTimes: string[] };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
}

export interface TrackFeatureCollection {
  type: 'FeatureCollection';
  features: TrackFeature[];
}

/** A LineString per tourist, [longitude, latitude] as GeoJSON orders them, with `coordTimes` beside. */
export function trackGeoJson(tracks: readonly TouristTrackFile[]): TrackFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: tracks.map(({ touristId, points }) => ({
      type: 'Feature',
      properties: { touristId, name: touristId, coordTimes: points.map((p) => new Date(p.at).toISOString()) },
      geometry: { type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) },
    })),
  };
}

/** One Placemark per tourist, named by its id: a gx:Track with each position's time, its TimeSpan around it. */
export function trackKml(tracks: readonly TouristTrackFile[], name = 'Replay'): string {
  const placemarks = tracks.map(({ touristId, points }) => {
    const times = points.map((p) => escapeXml(new Date(p.at).toISOString()));
    const span = times.length ? [`    <TimeSpan><begin>${times[0]}</begin><end>${times.at(-1)}</end></TimeSpan>`] : [];
    return [
      '  <Placemark>',
      `    <name>${escapeXml(touristId)}</name>`,
      ...span,
      '    <gx:Track>',
      ...times.map((time) => `      <when>${time}</when>`),
      ...points.map((p) => `      <gx:coord>${p.longitude} ${p.latitude} 0</gx:coord>`),
      '    </gx:Track>',
      '  </Placemark>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
    '<Document>',
    `  <name>${escapeXml(name)}</name>`,
    ...placemarks,
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}
