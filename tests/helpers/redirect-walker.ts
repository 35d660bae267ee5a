// A browser's part of a redirect dance, done by hand: each origin keeps its own cookies, and every
// redirect is followed one hop at a time so a test can look at (or tamper with) each of them.

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Cookies by origin, honouring Path, and forgetting a cookie a response expires. */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, StoredCookie>>();

  store(url: URL, response: Response): void {
    const cookies = this.byOrigin.get(url.origin) ?? new Map<string, StoredCookie>();
    this.byOrigin.set(url.origin, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const attribute = (wanted: string) =>
        attributes.find((entry) => entry.toLowerCase().startsWith(`${wanted}=`))?.slice(wanted.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const expired = attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired) cookies.delete(`${path} ${name}`);
      else cookies.set(`${path} ${name}`, { name, value, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = [...(this.byOrigin.get(url.origin)?.values() ?? [])].filter(
      (cookie) =>
        url.pathname === cookie.path ||
        url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
    );
    return matching.length === 0 ? undefined : matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  /** The value of a cookie this origin holds, whatever its path. */
  value(origin: string, name: string): string | undefined {
    return [...(this.byOrigin.get(origin)?.values() ?? [])].find((cookie) => cookie.name === name)?.value;
  }
}

/** One request as a browser would send it: the jar's cookies, no automatic redirect. */
export async function browse(
  jar: CookieJar,
  url: URL,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<Response> {
  const cookie = jar.header(url);
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: {
      ...(cookie && { cookie }),
      ...(init.form && { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: init.form && new URLSearchParams(init.form).toString(),
  });
  jar.store(url, response);
  return response;
}

export const isRedirect = (response: Response): boolean => response.status >= 300 && response.status < 400;

/** Where a redirect points, resolved against the URL that answered it. */
export function redirectTarget(from: URL, response: Response): URL {
  const location = response.headers.get('location');
  if (!location) throw new Error(`${from.href} answered ${response.status} without a Location`);
  return new URL(location, from);
}
