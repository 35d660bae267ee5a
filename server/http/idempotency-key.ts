import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MAX_ID_LENGTH } from '../../src/api/fields.ts';

/** The Idempotency-Key header; one too long to store is used by its digest rather than refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (key.length === 0) return undefined;
  return key.length > MAX_ID_LENGTH ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}
