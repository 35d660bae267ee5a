// English outside React, for a shared sentence whose caller has no operator's language: the server's stored
// reasons, and the callers not yet given a `t` of their own (the domain's `t` parameters default to it).
import { en } from './catalogues/en.ts';
import { DEFAULT_CLOCK } from './clock.ts';
import { translator, type Translate } from './translate.ts';

export const inEnglish: Translate = translator(en, DEFAULT_CLOCK.locale);
