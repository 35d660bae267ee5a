// The store is away (issue 47): said at the top of the console, in the operator's language and the region's
// clock, while everything shown stays as it was; gone by itself once the store is back (storeHealthMachine).
// A status, not an alert: nothing the operator did failed, and panics are still taken.
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { formatClock } from '../../domain/display.ts';
import { useT } from '../../i18n/useT.ts';
import { useStoreOutageSince } from '../dashboard-actor.ts';
import { useClock } from '../i18n/clock-context.ts';

export function StoreBanner() {
  const t = useT();
  const clock = useClock();
  const since = useStoreOutageSince();
  if (!since) return null;
  return (
    <MessageBar intent="warning" layout="multiline" role="status" data-store-banner>
      <MessageBarBody>
        <MessageBarTitle>{t('frame.storeDown', { time: formatClock(since, clock) })}</MessageBarTitle>
        {t('frame.storeDownMeanwhile')}
      </MessageBarBody>
    </MessageBar>
  );
}
