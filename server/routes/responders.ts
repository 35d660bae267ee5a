// Responders (issue 34 points 3, 4 and 7): admins keep each region's directory of units; every viewer reads
// the nearest units of an incident and its dispatches; operators dispatch a unit and record its steps. The
// route names are the issue's, which other clients are written against. Each write is audited and announced
// in its transaction (dispatch writes: server/ingest/dispatch-writes.ts).
import type { FastifyInstance } from 'fastify';
import { idSchema } from '../../src/api/fields.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import {
  DispatchBody,
  DispatchIdParam,
  DispatchResponse,
  DispatchStatusBody,
  RegionUnitBody,
  RespondersResponse,
  UnitBody,
  UnitDeletedResponse,
  UnitResponse,
  UnitsResponse,
} from '../../src/api/responders.ts';
import { nearestUnits } from '../../src/domain/responders.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { dispatchUnit, recordStep } from '../ingest/dispatch-writes.ts';
import { unknownIncident } from '../ingest/incident-writes.ts';
import { appendAudit } from '../stores/audit.ts';
import { listDispatches } from '../stores/dispatches.ts';
import { findIncident } from '../stores/incidents.ts';
import { findRegion } from '../stores/regions.ts';
import { deleteUnit, findUnit, insertUnit, listUnits, replaceUnit } from '../stores/responder-units.ts';

const idFrom = (params: unknown) => String((params as { id?: unknown }).id ?? '');
const unknownUnit = (id: string) => `No responder unit has id "${id}".`;
const unknownRegion = (id: string) => `No region has id "${id}".`;

export async function respondersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function requireRegion(tx: Parameters<typeof findRegion>[0], regionId: string): Promise<void> {
    if (!(await findRegion(tx, regionId))) {
      throw new HttpError(400, `Invalid request body: regionId ${regionId} names no region.`, [
        { path: 'regionId', message: `regionId ${regionId} names no region` },
      ]);
    }
  }

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/regions/:id/units',
      summary: "A region's responder units, by name (404 for an unknown region)",
      tags: ['responders'],
      response: UnitsResponse,
    },
    async ({ request }) => {
      const regionId = idFrom(request.params);
      if (!(await findRegion(ctx.db, regionId))) throw notFound(unknownRegion(regionId));
      return { units: await listUnits(ctx.db, regionId) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/regions/:id/units',
      role: LEAST_ROLE.manageRegions,
      status: 201,
      tags: ['responders'],
      summary:
        'Add a responder unit (police station, ambulance, hospital, fire, rescue team) to a region; phone in E.164 (separators are dropped)',
      body: RegionUnitBody,
      response: UnitResponse,
    },
    async ({ body, request }) =>
      ctx.write(async (tx) => {
        const regionId = idFrom(request.params);
        if (!(await findRegion(tx, regionId))) throw notFound(unknownRegion(regionId));
        const unit = await insertUnit(tx, { ...body, regionId });
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'unit.create',
          target: unit.id,
          detail: { before: null, after: unit },
        });
        return { unit };
      }),
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/responders/units/:id',
      role: LEAST_ROLE.manageRegions,
      tags: ['responders'],
      summary:
        "Replace a responder unit's region, name, kind, phone, position and availability (a demo unit whose name, phone or position is edited is no longer demo)",
      body: UnitBody,
      response: UnitResponse,
    },
    async ({ body, request }) =>
      ctx.write(async (tx) => {
        const id = idFrom(request.params);
        const before = await findUnit(tx, id, true);
        if (!before) throw notFound(unknownUnit(id));
        await requireRegion(tx, body.regionId);
        const unit = (await replaceUnit(tx, id, body))!;
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'unit.update',
          target: id,
          detail: { before, after: unit },
        });
        return { unit };
      }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/responders/units/:id',
      role: LEAST_ROLE.manageRegions,
      tags: ['responders'],
      summary: 'Remove a responder unit (its past dispatches keep its name)',
      response: UnitDeletedResponse,
    },
    async ({ request }) =>
      ctx.write(async (tx) => {
        const id = idFrom(request.params);
        const before = await findUnit(tx, id, true);
        if (!before || !(await deleteUnit(tx, id))) throw notFound(unknownUnit(id));
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'unit.delete',
          target: id,
          detail: { before, after: null },
        });
        return { deleted: id };
      }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/incidents/:id/nearest-units',
      tags: ['responders'],
      response: RespondersResponse,
      summary:
        "The five nearest available responder units of every region, then the unavailable among the five nearest, with straight-line distance, bearing and estimate; and the incident's dispatches",
    },
    async ({ request }) => {
      const id = idSchema('id').safeParse(idFrom(request.params));
      const incident = id.success ? await findIncident(ctx.db, id.data) : undefined;
      if (!incident) throw notFound(unknownIncident(idFrom(request.params)));
      return {
        nearest: nearestUnits(incident, await listUnits(ctx.db)),
        dispatches: await listDispatches(ctx.db, incident.id),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/incidents/dispatches',
      role: LEAST_ROLE.dispatch,
      status: 201,
      tags: ['incidents'],
      body: DispatchBody,
      response: DispatchResponse,
      summary:
        'Dispatch a unit of the directory (`unitId`) or one typed by name (`unitName`) to incident `id`, with an optional note',
    },
    async ({ body, request }) => ctx.write((tx, emit) => dispatchUnit({ tx, emit, operator: whoActs(request) }, body)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/incidents/dispatches/:dispatchId/status',
      role: LEAST_ROLE.dispatch,
      tags: ['incidents'],
      body: DispatchStatusBody,
      response: DispatchResponse,
      summary:
        'Mark a dispatch on scene, stood down or handed over, with an optional note (409 for a status that may not follow)',
    },
    async ({ body, request }) => {
      const dispatchId = DispatchIdParam.safeParse((request.params as { dispatchId?: unknown }).dispatchId);
      if (!dispatchId.success)
        throw new HttpError(400, `Invalid request: ${dispatchId.error.issues[0].message}.`, [
          { path: 'dispatchId', message: dispatchId.error.issues[0].message },
        ]);
      return ctx.write((tx, emit) =>
        recordStep({ tx, emit, operator: whoActs(request) }, dispatchId.data, body.status, body.note || undefined),
      );
    },
  );
}
