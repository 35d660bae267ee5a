// Which basemap to draw. OpenStreetMap raster tiles by default; the server's GET /app-config.json can swap
// the tile URL or the whole style (MAP_TILE_URL / MAP_STYLE_URL / MAP_ATTRIBUTION) without a code change.
import type { MapOptions } from 'maplibre-gl';
import { z } from 'zod';
import { APP_CONFIG_PATH } from '../api/urls.ts';
import { BASEMAP_BACKGROUND, BASEMAP_BACKGROUND_DARK, OSM_ATTRIBUTION, OSM_TILE_URL } from './style.ts';

export type BasemapStyle = NonNullable<MapOptions['style']>;

interface BasemapConfig {
  styleUrl: string | null;
  tileUrl: string;
  attribution: string;
}

export const DEFAULT_BASEMAP: BasemapConfig = { styleUrl: null, tileUrl: OSM_TILE_URL, attribution: OSM_ATTRIBUTION };

export const BACKGROUND_LAYER_ID = 'basemap-background';
export const RASTER_LAYER_ID = 'basemap-tiles';

const nonEmpty = z.string().trim().min(1);
const AppConfig = z.object({
  ok: z.literal(true),
  map: z.object({
    styleUrl: nonEmpty.nullish().catch(null),
    tileUrl: nonEmpty.nullish().catch(null),
    attribution: z.string().nullish().catch(null),
  }),
});

/** Anything unusable in the answer falls back to the OpenStreetMap default, field by field. */
export function basemapFromAppConfig(json: unknown): BasemapConfig {
  const parsed = AppConfig.safeParse(json);
  if (!parsed.success) return DEFAULT_BASEMAP;
  const { styleUrl, tileUrl, attribution } = parsed.data.map;
  return {
    styleUrl: styleUrl ?? null,
    tileUrl: tileUrl ?? DEFAULT_BASEMAP.tileUrl,
    attribution: attribution ?? (tileUrl ? '' : DEFAULT_BASEMAP.attribution),
  };
}

export function backgroundColour(dark: boolean): string {
  return dark ? BASEMAP_BACKGROUND_DARK : BASEMAP_BACKGROUND;
}

/** Raster tiles over a plain background: where tiles fail to load, the background still shows. */
export function rasterStyle(config: BasemapConfig, dark: boolean): BasemapStyle {
  return {
    version: 8,
    sources: {
      basemap: { type: 'raster', tiles: [config.tileUrl], tileSize: 256, maxzoom: 19, attribution: config.attribution },
    },
    layers: [
      { id: BACKGROUND_LAYER_ID, type: 'background', paint: { 'background-color': backgroundColour(dark) } },
      { id: RASTER_LAYER_ID, type: 'raster', source: 'basemap', paint: { 'raster-brightness-max': dark ? 0.7 : 1 } },
    ],
  };
}

export function basemapStyle(config: BasemapConfig, dark: boolean): BasemapStyle {
  return config.styleUrl ?? rasterStyle(config, dark);
}

const CONFIG_TIMEOUT_MS = 5000;

/** Asked once per map start; any failure (offline, 404, HTML, bad JSON) means the OpenStreetMap default. */
export async function loadBasemapConfig(fetchImpl: typeof fetch = fetch): Promise<BasemapConfig> {
  try {
    const response = await fetchImpl(APP_CONFIG_PATH, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
    if (!response.ok) return DEFAULT_BASEMAP;
    return basemapFromAppConfig(await response.json());
  } catch {
    return DEFAULT_BASEMAP;
  }
}
