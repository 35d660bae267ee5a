// The audit trail (issue 10): who did what, when, from where, each entry chained to the one before it.
import { z } from 'zod';
import { idSchema } from './fields.ts';

export const AuditEntry = z.object({
  seq: z.number(),
  at: z.string(),
  /** The signed-in user, `anonymous` with sign-in off, `system` for the server's own acts. */
  actor: z.string(),
  role: z.string().nullable(),
  address: z.string().nullable(),
  /** e.g. `incident.acknowledge`, `geofence.save`, `incidents.export`, `auth.login`. */
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const limit = z.coerce
  .number({ error: 'limit must be a whole number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be between 1 and 500')
  .max(500, 'limit must be between 1 and 500');

export const AuditQuery = z.object({
  limit: limit.default(100),
  /** Entries older than this sequence number (the page after one ending there). */
  before: z.coerce
    .number({ error: 'before must be a whole number' })
    .int('before must be a whole number')
    .min(1, 'before must be at least 1')
    .optional(),
  actor: idSchema('actor').optional(),
  action: idSchema('action').optional(),
});

export const AuditResponse = z.object({
  ok: z.literal(true),
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().nullable(),
});

/** `ok` is the verdict: true while every link holds; false names the first entry that breaks it. */
export const AuditVerifyResponse = z.object({
  ok: z.boolean(),
  length: z.number(),
  error: z.string().optional(),
  brokenAt: AuditEntry.nullable().optional(),
});
