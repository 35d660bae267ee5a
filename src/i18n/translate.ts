// Messages outside React (a service worker, a browser notification, tests): the same ICU formatting as the
// views' useT(), from a catalogue and a locale.
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Catalogue, MessageId } from './catalogue.ts';

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

const cache = createIntlCache();

/** `catalogue`: a whole one, or the areas a small bundle needs (the service worker takes the alarm's alone). */
export function translator(catalogue: Readonly<Partial<Catalogue>>, locale: string): Translate {
  const intl = createIntl({ locale, messages: catalogue, defaultLocale: 'en-IN-u-nu-latn' }, cache);
  return (id, values) => intl.formatMessage({ id }, values);
}
