// Every language says every message, with the same ICU arguments (issue 36): a missing key shows its id on
// screen, an argument renamed in translation shows nothing where the region or the count should be.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { as } from '../../src/i18n/catalogues/as.ts';
import { en } from '../../src/i18n/catalogues/en.ts';
import { hi } from '../../src/i18n/catalogues/hi.ts';
import { localeTag } from '../../src/i18n/languages.ts';
import { translator } from '../../src/i18n/translate.ts';

const catalogues = { en, hi, as } as const;

/** `name:kind` for each argument a message reads, nested ones (inside a plural's branches) included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`${element.value}:text`);
    if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
      found.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${TYPE[element.type]}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

describe('the catalogues', () => {
  it.each(['hi', 'as'] as const)('%s holds every English key and no other', (language) => {
    expect(Object.keys(catalogues[language]).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(['hi', 'as'] as const)('%s reads the same arguments as English in every message', (language) => {
    const differing = Object.keys(en).filter((id) => {
      const english = [...argumentsOf(parse(en[id as keyof typeof en]))].sort();
      const translated = [...argumentsOf(parse(catalogues[language][id as keyof typeof en]))].sort();
      return JSON.stringify(english) !== JSON.stringify(translated);
    });
    expect(differing).toEqual([]);
  });

  it('every message parses as ICU in every language, and none is left empty', () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const [id, message] of Object.entries(catalogue)) {
        expect(() => parse(message), id).not.toThrow();
        expect(message.trim(), id).not.toBe('');
      }
    }
  });
});

describe('plurals', () => {
  const say = (language: keyof typeof catalogues, count: number) =>
    translator(catalogues[language], localeTag(language))('panicBar.several', { count });

  it('counts open panic alerts in English: 1 is one, 0 and 20 are other', () => {
    expect([say('en', 1), say('en', 20), say('en', 0)]).toEqual([
      '1 open panic alert',
      '20 open panic alerts',
      '0 open panic alerts',
    ]);
  });

  it('counts them in Hindi, where 0 and 1 take the singular', () => {
    expect([say('hi', 1), say('hi', 20), say('hi', 0)]).toEqual([
      '1 खुला पैनिक अलर्ट',
      '20 खुले पैनिक अलर्ट',
      '0 खुला पैनिक अलर्ट',
    ]);
  });

  it('counts them in Assamese with the classifier, in Latin digits unless native ones are asked for', () => {
    expect([say('as', 1), say('as', 20)]).toEqual(['1 টা মুকলি পেনিক এলাৰ্ট', '20 টা মুকলি পেনিক এলাৰ্ট']);
    expect(translator(as, localeTag('as', true))('panicBar.several', { count: 20 })).toBe('২০ টা মুকলি পেনিক এলাৰ্ট');
    expect(translator(hi, localeTag('hi', true))('panicBar.several', { count: 20 })).toBe('२० खुले पैनिक अलर्ट');
  });
});
