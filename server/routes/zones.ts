// Zone editing beyond API.md (issue 31): PUT and DELETE /geofences/:id with optimistic concurrency
// (If-Match: <version>), and POST /geofences/import of a GeoJSON or KML file with a preview (dryRun).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Geofence } from '../../src/api/entities.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { ErrorResponse } from '../../src/api/responses.ts';
import {
  GeofenceConflictResponse,
  GeofenceDeleteResponse,
  GeofenceReplaceBody,
  GeofenceReplaceResponse,
  MAX_ZONE_FILE_BYTES,
  MAX_ZONE_IMPORT_BODY_BYTES,
  ZoneImportBody,
  ZoneImportRefusal,
  ZoneImportResponse,
} from '../../src/api/zones.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { deleteGeofence, geofencesById, saveGeofence } from '../stores/geofences.ts';
import { staleVersionSentence, versionFromIfMatch, zoneEtag } from '../zones/if-match.ts';
import { candidatesOfFeature } from '../zones/import-features.ts';
import { applyImport, planImport } from '../zones/import-plan.ts';
import { featuresOfFile } from '../zones/zone-files.ts';
import { recordZoneWrite, requireKnownRegion, requireZoneOutline } from '../zones/zone-writes.ts';

function zoneIdFrom(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || id === '' || id.length > 128)
    throw new HttpError(400, 'Invalid request: the zone id in the path must be 1 to 128 characters.');
  return id;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function zonesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/geofences/:id',
      role: LEAST_ROLE.editZone,
      summary:
        'Replace a zone (name, riskLevel, regionId, polygon, meta?) when `If-Match` names its current version: 409 with the stored zone when someone saved it since, 428 without If-Match, 404 for an unknown id',
      tags: ['geofences'],
      requestHeaders: ['If-Match'],
      responseHeaders: ['ETag'],
      body: GeofenceReplaceBody,
      response: GeofenceReplaceResponse,
      errorResponse: GeofenceConflictResponse.or(ErrorResponse),
    },
    async ({ body, request, reply }) => {
      const id = zoneIdFrom(request);
      const expected = versionFromIfMatch(request.headers['if-match']);
      requireZoneOutline(body.polygon, body.meta);
      const outcome = await ctx.write(
        async (tx, emit): Promise<{ conflict: Geofence } | { conflict?: undefined; geofence: Geofence }> => {
          const [previous] = await geofencesById(tx, [id], true);
          if (!previous) throw notFound(`No zone has id "${id}"; create it with POST /geofences.`);
          if (previous.version !== expected) return { conflict: previous };
          await requireKnownRegion(tx, body.regionId);
          const { geofence } = await saveGeofence(tx, { id, ...body }, whoActs(request).actor);
          await recordZoneWrite(tx, emit, whoActs(request), 'geofence.update', { previous, saved: geofence });
          return { geofence };
        },
      );
      if (outcome.conflict)
        return reply
          .code(409)
          .send({ ok: false, error: staleVersionSentence(outcome.conflict), geofence: outcome.conflict });
      reply.header('etag', zoneEtag(outcome.geofence));
      return { geofence: outcome.geofence };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/geofences/:id',
      role: LEAST_ROLE.deleteZone,
      summary:
        'Delete a zone when `If-Match` names its current version: 409 with the stored zone when someone saved it since, 428 without If-Match, 404 for an unknown id',
      tags: ['geofences'],
      requestHeaders: ['If-Match'],
      response: GeofenceDeleteResponse,
      errorResponse: GeofenceConflictResponse.or(ErrorResponse),
    },
    async ({ request, reply }) => {
      const id = zoneIdFrom(request);
      const expected = versionFromIfMatch(request.headers['if-match']);
      const outcome = await ctx.write(
        async (tx, emit): Promise<{ conflict: Geofence } | { conflict?: undefined; deletedId: string }> => {
          const [previous] = await geofencesById(tx, [id], true);
          if (!previous) throw notFound(`No zone has id "${id}".`);
          if (previous.version !== expected) return { conflict: previous };
          await deleteGeofence(tx, id);
          await recordZoneWrite(tx, emit, whoActs(request), 'geofence.delete', { previous, saved: null });
          return { deletedId: id };
        },
      );
      if (outcome.conflict)
        return reply
          .code(409)
          .send({ ok: false, error: staleVersionSentence(outcome.conflict), geofence: outcome.conflict });
      return { deletedId: outcome.deletedId };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/geofences/import',
      role: LEAST_ROLE.importZones,
      summary:
        'Import zones from a GeoJSON or KML file ({format, content, dryRun?}; at most 5 MB): a preview per zone (new, change, unchanged, refused with errors); without dryRun all are written in one transaction, or none when any is refused (400)',
      tags: ['geofences'],
      body: ZoneImportBody,
      bodyLimit: MAX_ZONE_IMPORT_BODY_BYTES,
      response: ZoneImportResponse,
      errorResponse: ZoneImportRefusal,
    },
    async ({ body, request, reply }) => {
      const bytes = Buffer.byteLength(body.content, 'utf8');
      if (bytes > MAX_ZONE_FILE_BYTES) {
        const message = `content is ${megabytes(bytes)}; an import file may be at most ${megabytes(MAX_ZONE_FILE_BYTES)}`;
        throw new HttpError(400, `Invalid request body: ${message}.`, [{ path: 'content', message }]);
      }
      const candidates = featuresOfFile(body.format, body.content).flatMap(candidatesOfFeature);
      if (candidates.length === 0) {
        const message = 'content holds no features: a zone file has at least one Polygon or MultiPolygon feature';
        throw new HttpError(400, `Invalid request body: ${message}.`, [{ path: 'content', message }]);
      }
      const dryRun = body.dryRun ?? false;
      const plan = await ctx.write(async (tx, emit) => {
        const planned = await planImport(tx, candidates, !dryRun);
        if (dryRun || planned.counts.refused > 0) return planned;
        return applyImport(tx, emit, whoActs(request), planned);
      });
      if (!dryRun && plan.counts.refused > 0) {
        const first = plan.items.find((item) => item.action === 'refused')!;
        const label = `Feature ${first.index}${first.name ? ` ("${first.name}")` : ''}`;
        return reply.code(400).send({
          ok: false,
          error: `${plan.counts.refused} of ${plan.items.length} zones are refused, so nothing was stored. ${label}: ${first.errors[0].message}`,
          counts: plan.counts,
          features: plan.items,
        });
      }
      return { dryRun, counts: plan.counts, features: plan.items };
    },
  );
}
