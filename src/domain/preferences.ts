// The operator's preferences as the browser keeps them (SPEC §3, §9): their keys and how they are read.
// Writing them is src/browser/storage.ts's.
import { chooseLanguage, type Language } from '../i18n/languages.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';

export const STORAGE_KEYS = {
  dark: 'dash.dark',
  regionId: 'dash.regionId',
  windowMinutes: 'dash.windowMinutes',
  placePrefix: 'dash.place.',
  sound: 'dash.sound',
  wallCycleSeconds: 'dash.wall.cycleSeconds',
  language: 'dash.lang',
  hour12: 'dash.hour12',
  nativeDigits: 'dash.nativeDigits',
} as const;

export interface LanguageSettings {
  language: Language;
  /** The 12-hour clock instead of the 24-hour default. */
  hour12: boolean;
  /** The language's own digits instead of Latin ones. */
  nativeDigits: boolean;
}

export const placeKey = (regionId: string) => `${STORAGE_KEYS.placePrefix}${regionId}`;

export const TIME_WINDOWS = [
  { minutes: 0, label: 'All' },
  { minutes: 15, label: 'Last 15m' },
  { minutes: 60, label: 'Last 1h' },
  { minutes: 1440, label: 'Last 24h' },
] as const;

export interface Preferences {
  dark: boolean;
  regionId: string;
  windowMinutes: number;
  /** The chosen place per region; '' or absent is '(all in region)'. */
  placeByRegion: Record<string, string>;
  /** The alarm tone's `Sound` switch; absent is on (a panic must be heard unless someone turned it off). */
  sound?: boolean;
}

type ReadableStorage = Pick<Storage, 'getItem' | 'key' | 'length'>;

type StorageSource = ReadableStorage | undefined | (() => ReadableStorage | undefined);
const storageOf = (from: StorageSource) => (typeof from === 'function' ? safely(from, undefined) : from);

/** Whether the operator has chosen a region; if not, the dashboard opens on the server's start region. */
export function regionChosen(from: StorageSource): boolean {
  const storage = storageOf(from);
  return Boolean(safely(() => storage?.getItem(STORAGE_KEYS.regionId) ?? null, null));
}

/**
 * `from`: the storage, or how to reach it (private browsing may refuse even the lookup). `startRegionId`:
 * the region when none is stored (the server's choice), else `default`.
 */
export function readPreferences(from: StorageSource, prefersDark = false, startRegionId?: string): Preferences {
  const storage = storageOf(from);
  const get = (key: string) => safely(() => storage?.getItem(key) ?? null, null);
  const dark = get(STORAGE_KEYS.dark);
  const minutes = Number(get(STORAGE_KEYS.windowMinutes));
  const placeByRegion: Record<string, string> = {};
  const length = safely(() => storage?.length ?? 0, 0);
  for (let index = 0; index < length; index++) {
    const key = safely(() => storage?.key(index) ?? null, null);
    if (key?.startsWith(STORAGE_KEYS.placePrefix)) {
      placeByRegion[key.slice(STORAGE_KEYS.placePrefix.length)] = get(key) ?? '';
    }
  }
  return {
    dark: dark === null ? prefersDark : dark === '1',
    regionId: get(STORAGE_KEYS.regionId) || startRegionId || DEFAULT_REGION_ID,
    windowMinutes: TIME_WINDOWS.some((w) => w.minutes === minutes) ? minutes : 0,
    placeByRegion,
    sound: get(STORAGE_KEYS.sound) !== '0',
  };
}

/**
 * The language and clock settings (issue 36): the stored language, else the browser's first that the console
 * speaks; a 24-hour clock and Latin digits unless the operator chose otherwise.
 */
export function readLanguageSettings(from: StorageSource, browserLanguages: readonly string[] = []): LanguageSettings {
  const storage = storageOf(from);
  const get = (key: string) => safely(() => storage?.getItem(key) ?? null, null);
  return {
    language: chooseLanguage(get(STORAGE_KEYS.language), browserLanguages),
    hour12: get(STORAGE_KEYS.hour12) === '1',
    nativeDigits: get(STORAGE_KEYS.nativeDigits) === '1',
  };
}

export function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
