import type { FastifyInstance } from 'fastify';
import { BandPanicBody } from '../../src/api/device-sync-schemas.ts';
import { PanicAlertResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { withPriority } from '../db/seam.ts';
import { panicCaller } from '../http/device-identity.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { defineRoute } from '../http/route.ts';
import { bandPanicUnplaced, placeBandPanic, recordBandDetails } from '../ingest/band-panic.ts';
import { idempotencyClaim, raisePanic } from '../ingest/panic.ts';
import type { PanicRequest } from '../ingest/panic-request.ts';
import { journalNow, panicDeadline, readInTime } from '../ingest/store-or-journal.ts';

export async function bandPanicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/panic',
      access: 'device',
      summary:
        "A wristband's SOS (no coordinates): a panic at the band's or tourist's last known position, else flagged noLocation; never refused",
      tags: ['alerts'],
      requestHeaders: ['Idempotency-Key'],
      body: BandPanicBody,
      bodyParsedBy: 'handler',
      anyContentType: true,
      status: 201,
      response: PanicAlertResponse,
    },
    async ({ request }) => {
      const unplaced = bandPanicUnplaced(request.body ?? {}, (named) => panicCaller(request, named));
      const key = idempotencyKeyOf(request);
      const claimOf = (panic: PanicRequest) =>
        key === undefined ? undefined : idempotencyClaim(key, panic, request.ip, 'band-panic');
      // A retry of an SOS journaled as it came (no position yet) is known by that form.
      const journaledClaim = claimOf(unplaced.request);
      const held = ctx.fallback.desk.answerFor(journaledClaim);
      if (held) return held;
      const deadline = panicDeadline(ctx.fallback);
      // Its position lookup is part of the panic: it overtakes queued reads too.
      const panic = await readInTime(ctx.fallback, deadline, () =>
        placeBandPanic(withPriority(ctx.db, 'urgent'), unplaced),
      );
      if (!panic) {
        const early = { request: unplaced.request, origin: unplaced.origin, band: unplaced.details };
        return journalNow(ctx.fallback, early, journaledClaim);
      }
      const answer = await raisePanic(ctx, panic.request, panic.origin, claimOf(panic.request), deadline);
      // The panic is stored and announced; what the band sent beside it must not put that at risk.
      await recordBandDetails(ctx.db, answer.incident.id, panic).catch((error) =>
        request.log.warn({ err: error }, 'band SOS details not stored'),
      );
      return answer;
    },
  );
}
