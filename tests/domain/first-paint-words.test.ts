// The first paint speaks the operator's language before any catalogue has come (issue 36): its inline words
// must be the catalogues' own, so that the console, taking over, says the same.
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_WORDS, type FirstPaintWordId } from '../../src/first-paint/words.ts';
import { as } from '../../src/i18n/catalogues/as.ts';
import { en } from '../../src/i18n/catalogues/en.ts';
import { hi } from '../../src/i18n/catalogues/hi.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';

const catalogues = { en, hi, as } as const;

describe("the first paint's words", () => {
  it.each(LANGUAGES)('in %s equal the catalogue, word for word', (language) => {
    const words = FIRST_PAINT_WORDS[language];
    const fromCatalogue = Object.fromEntries(
      Object.keys(words).map((id) => [id, catalogues[language][id as FirstPaintWordId]]),
    );
    expect(words).toEqual(fromCatalogue);
  });

  it('hold the same words in every language', () => {
    const ids = Object.keys(FIRST_PAINT_WORDS.en).sort();
    expect(Object.keys(FIRST_PAINT_WORDS.hi).sort()).toEqual(ids);
    expect(Object.keys(FIRST_PAINT_WORDS.as).sort()).toEqual(ids);
  });
});
