// The language and clock the console speaks, where its service worker can read them (issue 36): a worker has
// no localStorage, so the page keeps a copy in Cache Storage, and a push that comes with no console open is
// shown in the operator's language and clock rather than in English.
import { isLanguage, type Language } from '../i18n/languages.ts';

export const WORKER_SETTINGS_CACHE = 'console-settings';
export const WORKER_SETTINGS_PATH = '/console-settings.json';

export interface WorkerSettings {
  language: Language;
  hour12: boolean;
  nativeDigits: boolean;
}

export const ENGLISH_WORKER_SETTINGS: WorkerSettings = { language: 'en', hour12: false, nativeDigits: false };

/** What the page stored, or English on a 24-hour clock when nothing (or nothing readable) was. */
export function workerSettingsFrom(text: string | undefined): WorkerSettings {
  try {
    const stored = JSON.parse(text ?? 'null') as Partial<WorkerSettings> | null;
    return {
      language: isLanguage(stored?.language) ? stored.language : 'en',
      hour12: stored?.hour12 === true,
      nativeDigits: stored?.nativeDigits === true,
    };
  } catch {
    return ENGLISH_WORKER_SETTINGS;
  }
}
