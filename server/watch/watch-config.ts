// The watch's settings as the ingest and the check job read them: each region's settings (defaults where
// none were saved) and time zone, a zone's override from its `meta.watch`. Kept in memory between groups of
// pings and re-read only when the fingerprint (read in the caller's transaction) changes.
import type { Geofence } from '../../src/api/entities.ts';
import { WatchSettings, ZoneWatchOverride } from '../../src/api/watch.ts';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import { DEFAULT_TIME_ZONE, usableTimeZone } from '../../src/domain/time-zone.ts';
import { DEFAULT_WATCH_SETTINGS, effectiveSettings } from '../../src/domain/watch-rules.ts';
import type { Sql } from '../db/seam.ts';

/** Changes whenever a region or its watch settings are saved (count and creating transactions, as zones). */
export const WATCH_CONFIG_FINGERPRINT_SQL = `(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from watch_settings)
  || '/' || (select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from regions)`;

interface RegionWatch {
  settings: WatchSettings;
  timeZone: string;
}

/** A region's stored settings over the defaults: values saved before a field existed keep its default. */
export function withDefaults(stored: unknown): WatchSettings {
  const parsed = WatchSettings.partial().safeParse(stored ?? {});
  const saved = parsed.success ? parsed.data : {};
  return { ...DEFAULT_WATCH_SETTINGS, ...saved, vitals: { ...DEFAULT_WATCH_SETTINGS.vitals, ...saved.vitals } };
}

/** A zone's `meta.watch`, when it is a valid override; anything else is ignored (a zone is never refused for it). */
export function zoneOverride(zone: Pick<Geofence, 'meta'> | undefined): ZoneWatchOverride | null {
  const parsed = ZoneWatchOverride.safeParse(zone?.meta.watch);
  return parsed.success ? parsed.data : null;
}

export class WatchConfig {
  constructor(private readonly regions: ReadonlyMap<string, RegionWatch>) {}

  static async read(tx: Sql): Promise<WatchConfig> {
    const { rows } = await tx.query<{ id: string; time_zone: string; settings: unknown }>(
      'select r.id, r.time_zone, s.settings from regions r left join watch_settings s on s.region_id = r.id',
    );
    return new WatchConfig(
      new Map(
        rows.map((row) => [row.id, { settings: withDefaults(row.settings), timeZone: usableTimeZone(row.time_zone) }]),
      ),
    );
  }

  private region(regionId: string): RegionWatch {
    return (
      this.regions.get(regionId) ??
      this.regions.get(DEFAULT_REGION_ID) ?? { settings: DEFAULT_WATCH_SETTINGS, timeZone: DEFAULT_TIME_ZONE }
    );
  }

  timeZoneOf(regionId: string): string {
    return this.region(regionId).timeZone;
  }

  /** The settings that apply to a tourist last seen in `zone` of `regionId` (no zone: the region's). */
  settingsFor(regionId: string, zone?: Pick<Geofence, 'meta'>): WatchSettings {
    return effectiveSettings(this.region(regionId).settings, zoneOverride(zone));
  }
}

export class WatchConfigCache {
  private cached?: { fingerprint: string; config: WatchConfig };

  async current(tx: Sql, fingerprint: string): Promise<WatchConfig> {
    if (this.cached?.fingerprint !== fingerprint) this.cached = { fingerprint, config: await WatchConfig.read(tx) };
    return this.cached.config;
  }
}
