// GET /geofences?format=geojson|kml: the zones of one region or all, as a file to download.
import type { FastifyReply } from 'fastify';
import type { ZoneFileFormat } from '../../src/api/zones.ts';
import type { Sql } from '../db/seam.ts';
import { listGeofences } from '../stores/geofences.ts';
import { ZONE_FILE_TYPES, zoneFile } from './zone-files.ts';

export async function exportZones(
  db: Sql,
  format: ZoneFileFormat,
  regionId: string | undefined,
  reply: FastifyReply,
): Promise<string> {
  const zones = await listGeofences(db, regionId);
  const { contentType, extension } = ZONE_FILE_TYPES[format];
  reply.header('content-type', contentType);
  reply.header(
    'content-disposition',
    `attachment; filename="zones-${(regionId ?? 'all').replace(/[^\w.-]/g, '_')}.${extension}"`,
  );
  return zoneFile(format, zones);
}
