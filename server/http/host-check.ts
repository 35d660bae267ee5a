import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../../src/domain/loopback.ts';
import { HttpError } from './errors.ts';

export interface HostCheckSettings {
  /** The interface the server listens on. */
  host: string;
  /** Further names it answers for (ALLOWED_HOSTS). */
  allowedHosts: string[];
}

/** The name in a Host header, without port or trailing dot: `[::1]:8080` → `[::1]`, `Example.org.:80` → `example.org`. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0];
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** An ALLOWED_HOSTS entry as hostnameOf gives it: a bare IPv6 address gets its brackets, a port is dropped. */
function allowedName(entry: string): string {
  return isIPv6(entry) ? `[${entry.toLowerCase()}]` : hostnameOf(entry);
}

/**
 * Refuses requests whose Host the server does not answer for. A page on an attacker's domain whose DNS
 * is rebound to 127.0.0.1 reaches a loopback install as same-origin, but its Host still names the
 * attacker's domain. On loopback the check is always on; on other interfaces only once ALLOWED_HOSTS names
 * the server's own names.
 */
export function installHostCheck(app: FastifyInstance, settings: HostCheckSettings): void {
  if (!isLoopbackHost(settings.host) && settings.allowedHosts.length === 0) return;
  const answeredNames = new Set(settings.allowedHosts.map(allowedName));
  app.addHook('onRequest', async (request) => {
    // The Host header as received, never X-Forwarded-Host: a rebound page may set that header itself.
    const name = hostnameOf(request.headers.host ?? '');
    if (isLoopbackHost(name) || answeredNames.has(name)) return;
    throw new HttpError(
      421,
      "This server does not answer for the host name in the request; add it to ALLOWED_HOSTS if it is one of the server's names.",
    );
  });
}
