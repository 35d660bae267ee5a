// An operator's test alert (the dashboard's "Test Alert Mode"): raised exactly like a phone's panic, so the
// drill exercises the real path, but as a signed-in, role-checked operator act that the audit trail records.
import type { FastifyInstance } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { TestAlertBody } from '../../src/api/requests.ts';
import { PanicAlertResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { defineRoute } from '../http/route.ts';
import type { PanicRequest } from '../ingest/panic-request.ts';
import { raisePanic } from '../ingest/panic.ts';
import { appendAudit } from '../stores/audit.ts';

export async function testAlertRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/incidents/test-alert',
      role: LEAST_ROLE.testAlert,
      summary:
        "An operator's test alert: raised like a panic (stored, placed by zone, streamed) and recorded in the audit trail",
      tags: ['alerts'],
      body: TestAlertBody,
      status: 201,
      response: PanicAlertResponse,
    },
    async ({ body, request }) => {
      const panic: PanicRequest = {
        latitude: body.latitude,
        longitude: body.longitude,
        touristId: null,
        deviceId: null,
        reportedAt: null,
        repaired: [],
      };
      const operator = whoActs(request);
      return raisePanic(ctx, panic, {
        source: 'panic',
        test: { sentBy: operator.actor },
        // The alert and its audit record commit together or not at all.
        alsoInTransaction: (tx, answer) =>
          appendAudit(tx, {
            ...operator,
            action: 'incident.test_alert',
            target: answer.incident.id,
            detail: {
              latitude: body.latitude,
              longitude: body.longitude,
              alertId: answer.alert.id,
              regionId: answer.incident.regionId,
            },
          }).then(() => undefined),
      });
    },
  );
}
