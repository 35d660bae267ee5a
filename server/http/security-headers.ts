import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface BasemapSettings {
  /** A whole MapLibre style; when set, the tile template is not used. */
  mapStyleUrl?: string;
  mapTileUrl: string;
}

/** JSON and CSV answers carry tourists' positions: no browser or shared cache may keep them. */
const API_CONTENT_TYPE = /^(application\/json|text\/csv)\b/i;

/** The CSP source the dashboard's map fetches its basemap from: the style's or the tile template's origin. */
export function basemapSources({ mapStyleUrl, mapTileUrl }: BasemapSettings): string[] {
  const url = mapStyleUrl ?? mapTileUrl;
  if (url.startsWith('data:')) return ['data:'];
  if (!URL.canParse(url)) return []; // a path on this server, covered by 'self'
  const { protocol, origin } = new URL(url);
  return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
}

export function contentSecurityPolicy(basemap: BasemapSettings): Record<string, string[]> {
  const sources = basemapSources(basemap);
  const unique = (list: string[]) => [...new Set(list)];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Fluent UI writes its CSS into <style> elements at run time, and index.html carries one inline rule.
    'style-src': ["'self'", "'unsafe-inline'"],
    // MapLibre and deck.gl decode tiles and icons through blob: and data: URLs.
    'img-src': unique(["'self'", 'data:', 'blob:', ...sources]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", ...sources]),
    // MapLibre starts its workers from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
  };
}

/**
 * Security headers on every answer: a CSP allowing only this server and the basemap host, no framing,
 * nosniff, a Referrer-Policy, and no caching of API answers (the stream sets its own Cache-Control, and
 * the dashboard's static files keep theirs).
 */
export async function installSecurityHeaders(app: FastifyInstance, basemap: BasemapSettings): Promise<void> {
  await app.register(helmet, {
    // Helmet's defaults include upgrade-insecure-requests, which breaks a dashboard served over plain HTTP on a LAN.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(basemap) },
    // The server speaks plain HTTP; HSTS is for the proxy that terminates TLS to decide, for its own domain.
    strictTransportSecurity: false,
    // OpenStreetMap's tile servers refuse requests without a Referer; other origins get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && API_CONTENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
