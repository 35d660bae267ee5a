import type { FastifyInstance } from 'fastify';
import { BandPanicBody } from '../../src/api/device-sync-schemas.ts';
import { PanicAlertResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { withPriority } from '../db/seam.ts';
import { panicCaller } from '../http/device-identity.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { defineRoute } from '../http/route.ts';
import { bandPanicFrom, recordBandDetails } from '../ingest/band-panic.ts';
import { idempotencyClaim, raisePanic } from '../ingest/panic.ts';

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
      // Its position lookup is part of the panic: it overtakes queued reads too.
      const panic = await bandPanicFrom(withPriority(ctx.db, 'urgent'), request.body ?? {}, (named) =>
        panicCaller(request, named),
      );
      const key = idempotencyKeyOf(request);
      const answer = await raisePanic(
        ctx,
        panic.request,
        panic.origin,
        key === undefined ? undefined : idempotencyClaim(key, panic.request, request.ip, 'band-panic'),
      );
      // The panic is stored and announced; what the band sent beside it must not put that at risk.
      await recordBandDetails(ctx.db, answer.incident.id, panic).catch((error) =>
        request.log.warn({ err: error }, 'band SOS details not stored'),
      );
      return answer;
    },
  );
}
