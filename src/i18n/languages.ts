// The console's languages (issue 36) and how a language becomes a locale for Intl: English, Hindi and
// Assamese, Latin digits unless the operator asks for their script's own.

export const LANGUAGES = ['en', 'hi', 'as'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in its own script, as the switch lists it: an operator finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', as: 'অসমীয়া' };

/** The numbering system of each language's own script (Intl's `nu` keys). */
const NATIVE_DIGITS: Record<Language, string> = { en: 'latn', hi: 'deva', as: 'beng' };

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The stored choice when there is one, else the first of the browser's languages we speak (`hi-IN` is Hindi),
 * else English.
 */
export function chooseLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The BCP 47 tag Intl formats with: Indian English, Hindi and Assamese as written in India, with the digits
 * pinned (`as-IN-u-nu-latn`): Assamese would otherwise count in Bengali digits, which few consoles expect.
 */
export function localeTag(language: Language, nativeDigits = false): string {
  return `${language}-IN-u-nu-${nativeDigits ? NATIVE_DIGITS[language] : 'latn'}`;
}
