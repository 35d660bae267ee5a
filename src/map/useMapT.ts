// The map's words, from the console's catalogue through react-intl's context: the views' useT() is out of the
// map's reach (it imports no views, eslint.config.js), so the same three lines live here.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogue.ts';
import type { MessageValues, Translate } from '../i18n/translate.ts';

export function useMapT(): Translate {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
