// The shape of a catalogue: English is the source (src/i18n/catalogues/en.ts, the spec's texts exactly);
// every other language translates each English area key for key, which the compiler checks.
import type { en } from './catalogues/en.ts';

export type MessageId = keyof typeof en;
export type Catalogue = Readonly<Record<MessageId, string>>;

/** One area of a language: every key of the English area, and no other. */
export type Translation<EnglishArea> = { readonly [K in keyof EnglishArea]: string };
