// A language's catalogue, fetched only when chosen (issue 36): English is in the console's code, Hindi and
// Assamese are chunks of their own.
import type { Catalogue } from './catalogue.ts';
import type { Language } from './languages.ts';
import { en } from './catalogues/en.ts';

export async function loadCatalogue(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'hi':
      return (await import('./catalogues/hi.ts')).hi;
    case 'as':
      return (await import('./catalogues/as.ts')).as;
    default:
      return en;
  }
}
