import { describe, expect, it } from 'vitest';
import { APP_CONFIG_PATH } from '../../src/api/urls.ts';
import {
  basemapFromAppConfig,
  basemapStyle,
  DEFAULT_BASEMAP,
  loadBasemapConfig,
  rasterStyle,
} from '../../src/map/basemap.ts';

describe('basemap configuration', () => {
  it('defaults to OpenStreetMap raster tiles with their attribution', () => {
    expect(DEFAULT_BASEMAP).toEqual({
      styleUrl: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('takes the tile URL, attribution or a whole style from /app-config.json', () => {
    expect(
      basemapFromAppConfig({
        ok: true,
        map: { styleUrl: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' },
      }),
    ).toEqual({
      styleUrl: null,
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(
      basemapFromAppConfig({
        ok: true,
        map: { styleUrl: 'https://styles.example/s.json', tileUrl: 'x', attribution: '' },
      }).styleUrl,
    ).toBe('https://styles.example/s.json');
  });

  it('falls back to the default on anything unusable', () => {
    for (const bad of [null, 'html', { ok: false }, { ok: true }, { ok: true, map: 3 }])
      expect(basemapFromAppConfig(bad)).toEqual(DEFAULT_BASEMAP);
    expect(basemapFromAppConfig({ ok: true, map: { styleUrl: '', tileUrl: 42 } })).toEqual(DEFAULT_BASEMAP);
  });

  it('draws tiles over a plain background layer, so missing tiles leave layers readable', () => {
    const style = rasterStyle(DEFAULT_BASEMAP, false);
    if (typeof style === 'string') throw new Error('expected a style object');
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'raster']);
    expect(style.sources.basemap).toMatchObject({
      type: 'raster',
      tiles: [DEFAULT_BASEMAP.tileUrl],
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('uses a configured style URL as is', () => {
    expect(basemapStyle({ ...DEFAULT_BASEMAP, styleUrl: '/s.json' }, false)).toBe('/s.json');
  });
});

describe('loading the configuration', () => {
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

  it('asks /app-config.json', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      return new Response(
        JSON.stringify({ ok: true, map: { styleUrl: null, tileUrl: 'https://t/{z}/{x}/{y}.png', attribution: 'T' } }),
      );
    }) as unknown as typeof fetch;
    expect((await loadBasemapConfig(fetchImpl)).tileUrl).toBe('https://t/{z}/{x}/{y}.png');
    expect(asked).toEqual([APP_CONFIG_PATH]);
  });

  it('uses OpenStreetMap when the server fails, answers HTML or is unreachable', async () => {
    expect(await loadBasemapConfig(answer(500, { ok: false }) as unknown as typeof fetch)).toEqual(DEFAULT_BASEMAP);
    const html = (async () => new Response('<!doctype html>', { status: 200 })) as unknown as typeof fetch;
    expect(await loadBasemapConfig(html)).toEqual(DEFAULT_BASEMAP);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await loadBasemapConfig(offline)).toEqual(DEFAULT_BASEMAP);
  });
});
