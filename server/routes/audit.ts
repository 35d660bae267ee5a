import type { FastifyInstance } from 'fastify';
import { AuditQuery, AuditResponse, AuditVerifyResponse } from '../../src/api/audit.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import type { AppContext } from '../context.ts';
import { defineRoute } from '../http/route.ts';
import { listAudit, verifyAudit } from '../stores/audit.ts';

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/audit',
      role: LEAST_ROLE.audit,
      summary: 'The audit trail, newest first, paged by `before`, filterable by actor and action',
      tags: ['audit'],
      query: AuditQuery,
      response: AuditResponse,
    },
    async ({ query }) => {
      const entries = await listAudit(ctx.db, query);
      return { entries, nextBefore: entries.length === query.limit ? entries[entries.length - 1].seq : null };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/audit/verify',
      role: LEAST_ROLE.audit,
      summary: "Checks the audit trail's hash chain: ok with its length, or the first broken entry",
      tags: ['audit'],
      response: AuditVerifyResponse,
    },
    async ({ reply }) => {
      const { length, broken } = await verifyAudit(ctx.db);
      if (!broken) return { length };
      return reply.send({
        ok: false,
        length,
        error: `The audit trail is broken at entry ${broken.link.seq}: ${broken.reason}.`,
        brokenAt: broken.link,
      });
    },
  );
}
