// Whether a host name or address is this machine, once for every rule that rests on it: sign-in being
// optional (AUTH=auto) and the AUTH=off warning (server/config.ts, server/auth/bootstrap.ts), the names the
// Host check answers for (server/http/host-check.ts), and plain http only to an OpenID provider or a push
// receiver on this machine (server/auth/oidc.ts, src/api/push.ts).

/** `localhost`, any 127.x.x.x, `::1` (bare, or in brackets as a URL writes it); any case, a trailing dot ignored. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return name === 'localhost' || name === '::1' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}
