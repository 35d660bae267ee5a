import type { FastifyRequest } from 'fastify';
import type { SignedInUser } from '../../src/api/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once sign-in has identified the operator; absent with sign-in off. */
    operator?: SignedInUser;
  }
}

/** Who does an act, as the audit trail records it (its `actor`, `role` and `address`). */
export interface ActingOperator {
  actor: string;
  role: string | null;
  address: string;
}

/** Who is acting, for the audit trail: the signed-in operator, else `anonymous` at their address. */
export function whoActs(request: FastifyRequest): ActingOperator {
  return {
    actor: request.operator?.username ?? 'anonymous',
    role: request.operator?.role ?? null,
    address: request.ip,
  };
}
