import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { isLoopbackHost } from '../../src/domain/loopback.ts';
import { backupFileName, takeBackup } from '../backup/take-backup.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined && isLoopbackHost(address.replace(/^::ffff:/i, ''));

/** The connection and the client a trusted proxy names both on this machine. */
function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

export async function backupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/backup',
      role: LEAST_ROLE.backup,
      summary:
        'A consistent copy of the embedded store, its generated keys and journal, as a .tar.gz (what `npm run backup` ' +
        'saves); with sign-in off, from this machine only; on PostgreSQL 409 (use pg_dump)',
      tags: ['store'],
      produces: 'application/gzip',
    },
    async ({ request, reply }) => {
      // The whole store, password hashes and signing keys included: with nobody signed in, only this machine's users.
      if (!signInRequired(ctx.config) && !fromThisMachine(request))
        throw new HttpError(403, 'With sign-in off, a backup is taken from this machine only (loopback).');
      if (ctx.db.mode !== 'pglite')
        throw conflict('This server stores in PostgreSQL: back it up with pg_dump (docs/backups.md).');
      const backup = await takeBackup(ctx.db, ctx.config.dataDir, {
        journal: ctx.panicJournal.pending(),
        record: () =>
          ctx.write((tx) => appendAudit(tx, { ...whoActs(request), action: 'store.backup', target: null, detail: {} })),
      }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        throw new HttpError(
          503,
          'The disk under DATA_DIR is too full for the backup: its copy of the store needs as much free space as the store.',
          undefined,
          { 'Retry-After': '60' },
        );
      });
      if (backup === 'busy') throw conflict('A backup is already being taken; try again once it has ended.');
      reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${backupFileName(new Date())}"`)
        .header('Cache-Control', 'no-store');
      return backup;
    },
  );
}
