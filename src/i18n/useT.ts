// The console's words, for the views and the map alike: `t('panicBar.show')`, `t('panicBar.several', { count })`,
// from the chosen language's catalogue (ICU messages through react-intl).
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './catalogue.ts';
import type { MessageValues, Translate } from './translate.ts';

export type { Translate };

export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
