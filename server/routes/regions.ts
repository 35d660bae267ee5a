// Regions set up from the console (issue 31): an admin creates and edits a region's name, time zone, home
// view, boundary and contacts. Each write is audited with what it replaced, announced on the stream in the
// same transaction, and followed by every server's in-memory boundaries (server/ingest/region-boundaries.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Region } from '../../src/api/entities.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { REGION_BODY_LIMIT, RegionCreateBody, RegionUpdateBody } from '../../src/api/regions.ts';
import { boundaryProblem } from '../../src/domain/boundary-checks.ts';
import { homeViewOf } from '../../src/domain/region-home-view.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { announceRegionChange } from '../ingest/region-boundaries.ts';
import { appendAudit } from '../stores/audit.ts';
import { findRegion, saveRegion } from '../stores/regions.ts';

const RegionResponse = z.object({ ok: z.literal(true), region: Region });

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, `Invalid request body: ${message}.`, [{ path, message }]);
}

function requireUsableBoundary(boundary: RegionCreateBody['boundary']): void {
  const problem = boundary && boundaryProblem(boundary);
  if (problem) throw invalid('boundary', problem);
}

function regionIdFrom(params: unknown): string {
  return String((params as { id?: unknown }).id ?? '');
}

export async function regionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** One write: the region, its audit record and its announcement commit together; then this server's boundaries follow. */
  async function writeRegion(input: RegionCreateBody, replace: boolean, request: Parameters<typeof whoActs>[0]) {
    const region = await ctx.write(async (tx, emit) => {
      const before = (await findRegion(tx, input.id, true)) ?? null;
      if (replace && !before) throw notFound(`No region has id ${input.id}; create it with POST /regions.`);
      if (!replace && before)
        throw invalid(
          'id',
          `id ${input.id} is taken: a region with this id exists (edit it with PUT /regions/${input.id})`,
        );
      const homeView = input.homeView ?? before?.homeView ?? homeViewOf(input.boundary);
      const saved = await saveRegion(tx, { ...input, homeView }, replace);
      // A concurrent create of the same id committed between the check and the insert.
      if (!saved) throw invalid('id', `id ${input.id} is taken: a region with this id exists`);
      await appendAudit(tx, {
        ...whoActs(request),
        action: replace ? 'region.update' : 'region.create',
        target: saved.id,
        detail: { before, after: saved },
      });
      await announceRegionChange(tx, ctx.regionBoundaries.channel);
      emit({ type: 'region_update', region: saved });
      return saved;
    });
    // The other servers follow the notification; a failed read here is retried by the poll.
    await ctx.regionBoundaries
      .refresh()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not read the region boundaries again'));
    return { region };
  }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/regions',
      role: LEAST_ROLE.manageRegions,
      summary:
        'Create a region: name, IANA time zone, home view (absent: on its boundary), boundary (panics inside it outside every zone are filed under it) and contacts',
      tags: ['meta'],
      body: RegionCreateBody,
      bodyLimit: REGION_BODY_LIMIT,
      status: 201,
      response: RegionResponse,
    },
    async ({ body, request }) => {
      requireUsableBoundary(body.boundary);
      return writeRegion(body, false, request);
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/regions/:id',
      role: LEAST_ROLE.manageRegions,
      summary:
        "Replace a region's name, time zone, home view (absent: the stored one), boundary and contacts (the id stays)",
      tags: ['meta'],
      body: RegionUpdateBody,
      bodyLimit: REGION_BODY_LIMIT,
      response: RegionResponse,
    },
    async ({ body, request }) => {
      requireUsableBoundary(body.boundary);
      return writeRegion({ ...body, id: regionIdFrom(request.params) }, true, request);
    },
  );
}
