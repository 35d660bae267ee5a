// The console's words: `t('panicBar.show')`, `t('panicBar.several', { count })`, from the chosen language's
// catalogue (ICU messages through react-intl).
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import type { MessageValues, Translate } from '../../i18n/translate.ts';

export type { Translate };

export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
