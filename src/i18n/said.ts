// A sentence a statechart decides to say (what an act came to), worded by the view in the console's
// language: the machine keeps the message's id and its values, never the English.
import type { MessageId } from './catalogue.ts';
import type { MessageValues } from './translate.ts';

export interface Said {
  id: MessageId;
  values?: MessageValues;
}
