// Zones as files: GeoJSON and KML out (GET /geofences?format=), and the features of a GeoJSON or KML file in
// (POST /geofences/import). GeoJSON positions are [longitude, latitude]; the contract's polygons are
// [latitude, longitude]. KML goes through maintained converters (@placemarkio/tokml out, @tmcw/togeojson in,
// over @xmldom/xmldom's parser, as the server has no DOM).
import { toKML } from '@placemarkio/tokml';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { Geofence } from '../../src/api/entities.ts';
import type { ZoneFileFormat } from '../../src/api/zones.ts';
import { openRing } from '../../src/domain/zone-geometry.ts';
import { HttpError } from '../http/errors.ts';

/** A GeoJSON Polygon ring: [lng, lat] positions, closed (the first position repeated last). */
function ringOf(polygon: Geofence['polygon']): [number, number][] {
  const ring = openRing(polygon).map(([latitude, longitude]): [number, number] => [longitude, latitude]);
  return [...ring, ring[0]];
}

function featureOf(zone: Geofence): Feature<Polygon> {
  const { placeId, ...meta } = zone.meta;
  return {
    type: 'Feature',
    id: zone.id,
    properties: {
      id: zone.id,
      name: zone.name,
      riskLevel: zone.riskLevel,
      regionId: zone.regionId,
      ...(placeId !== undefined && { placeId }),
      ...(Object.keys(meta).length > 0 && { meta }),
      ...(zone.version !== undefined && { version: zone.version }),
      ...(zone.updatedBy && { updatedBy: zone.updatedBy }),
      ...(zone.updatedAt && { updatedAt: zone.updatedAt }),
    },
    geometry: { type: 'Polygon', coordinates: [ringOf(zone.polygon)] },
  };
}

export function zonesAsGeoJson(zones: readonly Geofence[]): FeatureCollection<Polygon> {
  return { type: 'FeatureCollection', features: zones.map(featureOf) };
}

export const ZONE_FILE_TYPES: Record<ZoneFileFormat, { contentType: string; extension: string }> = {
  geojson: { contentType: 'application/geo+json; charset=utf-8', extension: 'geojson' },
  kml: { contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8', extension: 'kml' },
};

/** The file's text. KML keeps the same properties as ExtendedData (`meta` as JSON text). */
export function zoneFile(format: ZoneFileFormat, zones: readonly Geofence[]): string {
  const collection = zonesAsGeoJson(zones);
  return format === 'geojson' ? JSON.stringify(collection) : toKML(collection);
}

const notAFile = (format: ZoneFileFormat, why: string) => {
  const message = `content is not a ${format === 'geojson' ? 'GeoJSON' : 'KML'} file: ${why}`;
  return new HttpError(400, `Invalid request body: ${message}.`, [{ path: 'content', message }]);
};

function geoJsonFeatures(content: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw notAFile('geojson', 'it is not valid JSON');
  }
  const object = value as { type?: unknown; features?: unknown };
  if (object?.type === 'Feature') return [object];
  if (object?.type !== 'FeatureCollection' || !Array.isArray(object.features))
    throw notAFile('geojson', 'it must be a FeatureCollection with a features list');
  return object.features;
}

function kmlFeatures(content: string): unknown[] {
  const problems: string[] = [];
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && problems.push(message)),
    }).parseFromString(content, 'text/xml');
  } catch (error) {
    throw notAFile('kml', `the XML cannot be read (${(error as Error).message.split('\n')[0]})`);
  }
  if (problems.length > 0) throw notAFile('kml', `the XML cannot be read (${problems[0].split('\n')[0]})`);
  if (document.documentElement?.localName !== 'kml') throw notAFile('kml', 'its root element must be <kml>');
  return kml(document).features;
}

/** The features of the file, in order; 400 naming `content` when it is not a file of that format. */
export function featuresOfFile(format: ZoneFileFormat, content: string): unknown[] {
  return format === 'geojson' ? geoJsonFeatures(content) : kmlFeatures(content);
}
