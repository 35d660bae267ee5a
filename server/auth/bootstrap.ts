import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isLoopbackHost } from '../../src/domain/loopback.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { appendAudit } from '../stores/audit.ts';
import { countOperators, createOperator } from '../stores/operators.ts';
import { hashPassword } from './passwords.ts';

export const FIRST_ADMIN = 'admin';

/**
 * With sign-in required and no account yet, creates `admin` with ADMIN_PASSWORD, or with a generated
 * password that is printed this once: there is no default password. Several servers starting together
 * on one database create it once (the insert skips a name that exists; only its creator prints).
 */
export async function bootstrapFirstAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { config } = ctx;
  if (!signInRequired(config)) {
    if (config.auth === 'off' && !isLoopbackHost(config.host)) {
      log.warn(
        `AUTH=off: anyone who reaches ${config.host}:${config.port} can read tourists' locations and act as an operator.`,
      );
    }
    return;
  }
  if ((await countOperators(ctx.db)) > 0) return;
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await ctx.write(async (tx) => {
    const inserted = await createOperator(tx, {
      username: FIRST_ADMIN,
      role: 'admin',
      passwordHash,
      source: 'password',
    });
    if (inserted) {
      await appendAudit(tx, {
        actor: 'system',
        role: null,
        address: null,
        action: 'account.create',
        target: FIRST_ADMIN,
        detail: { role: 'admin', password: generated ? 'generated' : 'ADMIN_PASSWORD' },
      });
    }
    return inserted;
  });
  if (!created) return;
  if (generated) {
    // Printed once, to the terminal only, never to the log file's structured fields.
    process.stdout.write(
      `\nSign-in is required and no account existed: created "${FIRST_ADMIN}" with password\n\n    ${password}\n\nIt is not shown again. Sign in and create the operators' own accounts.\n\n`,
    );
  } else {
    log.info(`Sign-in is required: created "${FIRST_ADMIN}" with the password from ADMIN_PASSWORD.`);
  }
}
