// A tourist's profile, its export and its erasure (issue 34 points 1 and 7). Each is an operator's act on a
// person's data, so each is audited; the audit entries name the tourist by id only, never its personal fields.
import type { FastifyInstance } from 'fastify';
import { idSchema } from '../../src/api/fields.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { TouristEraseResponse, TouristExportResponse, TouristProfileResponse } from '../../src/api/tourist-profile.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { eraseTourist, exportTourist } from '../stores/tourist-erase.ts';
import { readTouristProfile } from '../stores/tourist-profile.ts';

const unknownTourist = (id: string) => notFound(`No tourist ${id}: it was never registered, or it was erased.`);

function touristIdOf(params: unknown): string {
  const raw = (params as { id?: unknown }).id;
  const id = idSchema('id').safeParse(raw);
  if (!id.success || id.data.includes('\u0000')) throw unknownTourist(String(raw ?? ''));
  return id.data;
}

export async function touristProfileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/tourists/:id',
      role: LEAST_ROLE.viewTouristProfile,
      summary:
        "A tourist's profile: identity (document type and last 4 only) and verification, devices with their last report, current " +
        "position and zones, watch pause, alert history (newest 50 with the count) and the last 24 hours' trail; audited",
      tags: ['people'],
      response: TouristProfileResponse,
    },
    async ({ request }) => {
      const id = touristIdOf(request.params);
      const profile = await readTouristProfile(ctx.db, id);
      if (!profile) throw unknownTourist(id);
      await ctx.write((tx) => appendAudit(tx, { ...whoActs(request), action: 'tourist.profile_read', target: id }));
      return { profile };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/tourists/:id/export',
      role: LEAST_ROLE.exportTouristData,
      summary:
        'Everything held about one tourist as a JSON download (profile, devices, pings, incidents, device events, audit entries about them); audited',
      tags: ['people'],
      response: TouristExportResponse,
    },
    async ({ request, reply }) => {
      const id = touristIdOf(request.params);
      const held = await exportTourist(ctx.db, id);
      if (!held) throw unknownTourist(id);
      await ctx.write((tx) =>
        appendAudit(tx, {
          ...whoActs(request),
          action: 'tourist.export',
          target: id,
          detail: { pings: held.pings.length, incidents: held.incidents.length },
        }),
      );
      reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="tourist-${id.replace(/[^\w.-]/g, '_')}.json"`)
        .header('Cache-Control', 'no-store');
      return JSON.stringify({ ok: true, ...held });
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/tourists/:id',
      role: LEAST_ROLE.eraseTourist,
      summary:
        'Erase a tourist: profile, devices, pings, last positions, device events and Digital ID links go; incidents stay under an ' +
        'anonymous id with no personal fields; audited under that anonymous id',
      tags: ['people'],
      response: TouristEraseResponse,
    },
    async ({ request }) => {
      const id = touristIdOf(request.params);
      const erased = await ctx.write(async (tx, emit) => {
        const done = await eraseTourist(tx, id, whoActs(request).actor);
        if (!done) throw unknownTourist(id);
        // The entry must not keep what was erased: the anonymous id and the counts, not the tourist's id.
        const { anonymousId, pingKeys, ...counts } = done;
        await appendAudit(tx, { ...whoActs(request), action: 'tourist.erase', target: anonymousId, detail: counts });
        // Open dashboards drop the tourist's pings and trails and rename their incidents' rows, as the store did.
        emit({ type: 'tourist_erased', touristId: id, pingKeys, anonymousId });
        return { anonymousId, ...counts };
      });
      return erased;
    },
  );
}
