// A sentence a statechart decides to say (what an act came to), worded by the view in the console's
// language: the machine keeps the message's id and its values, never the English.
import type { MessageId } from './catalogue.ts';
import type { MessageValues, Translate } from './translate.ts';

export interface Said {
  id: MessageId;
  values?: MessageValues;
}

/** A sentence a statechart keeps to show: the server's as it wrote it (a string), or its own (Said). */
export type Sentence = string | Said;

/** The sentence's words in the console's language; the server's stays as the server wrote it. */
export function wordsOf(t: Translate, sentence: Sentence): string {
  return typeof sentence === 'string' ? sentence : t(sentence.id, sentence.values);
}
