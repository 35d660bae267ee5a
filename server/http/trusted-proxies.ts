import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

type TrustProxyOption = FastifyServerOptions['trustProxy'];

/**
 * Fastify's `trustProxy` from TRUST_PROXY. Addresses and CIDRs pass through as they are. Fastify 5.12 no
 * longer honours a numeric hop count (it trusts nothing then), so a count becomes a trust function that
 * believes the socket peer and the hops after it: with 1, the client is the address the proxy itself
 * appended, the rightmost in X-Forwarded-For, and whatever a client wrote to its left is ignored.
 */
export function trustProxyOption(trustProxy: Config['trustProxy']): TrustProxyOption {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
}
