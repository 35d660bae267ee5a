// The panic bar (issue 11): whatever the dashboard shows, every open, unacknowledged panic in any region
// is named here until someone acknowledges it. One reads `New panic alert in {region}` with its time;
// several collapse to `{n} open panic alerts`, with the newest one's region and time: Show and
// Acknowledge act on that one, so the operator walks through them newest first.
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { formatTime } from '../../domain/display.ts';
import type { PanicSummary } from '../../domain/open-panics.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';
import { PHONE_MEDIA } from '../breakpoints.ts';
import { useOpenPanics } from './panic-watch.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT, type Translate } from '../../i18n/useT.ts';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  // Stays in sight while the operator scrolls the table or the map.
  bar: { position: 'sticky', top: 0, zIndex: 10, boxShadow: tokens.shadow8 },
  // In the field (issue 35) Show and Acknowledge are 44 px targets.
  action: { [PHONE_MEDIA]: { minHeight: '44px', minWidth: '44px' } },
});

/** What the bar names one urgent incident: a panic alert, or what the watch noticed (urgent-incidents.ts). */
export const urgentTitleId = (type: string | undefined): MessageId =>
  type && URGENT_TYPES.has(type) ? (`urgent.${type}` as MessageId) : 'urgent.panic';
const URGENT_TYPES: ReadonlySet<string> = new Set(['silent', 'stranded', 'fall', 'vitals', 'band_removed']);

export function panicBarTitle(panics: readonly PanicSummary[], t: Translate): string {
  const newest = panics[0]!;
  return panics.length === 1
    ? t('panicBar.one', { title: t(urgentTitleId(newest.type)), region: newest.regionId })
    : t('panicBar.several', { count: panics.length });
}

/**
 * The page's first date format loads the locale's date data: 25–33 ms that the first panic after a console
 * opened spent before its bar and row were painted (issue 33). Done here in an idle moment instead.
 */
function usePreparedTimeFormat(clock: ClockStyle): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => formatTime(new Date().toISOString(), clock), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [clock]);
}

export function PanicBar() {
  usePreparedTimeFormat(useClock());
  const panics = useOpenPanics();
  const { send } = DashboardActor.useActorRef();
  const mayAcknowledge = useMay('acknowledge');
  const newest = panics[0];
  if (!newest) return null;
  return (
    <PanicBarView
      panics={panics}
      onShow={() => send({ type: 'incident.show', id: newest.id })}
      onAcknowledge={mayAcknowledge ? () => send({ type: 'incident.acknowledge', id: newest.id }) : undefined}
    />
  );
}

/**
 * The bar for `panics` (newest first, at least one); Acknowledge only with `onAcknowledge`. `counted`: false
 * for a drawing that is not the page's panic bar (it then carries no `data-panic-bar`).
 */
export function PanicBarView({
  panics,
  onShow,
  onAcknowledge,
  counted = true,
}: {
  panics: readonly PanicSummary[];
  onShow: () => void;
  onAcknowledge?: () => void;
  counted?: boolean;
}) {
  const styles = useStyles();
  const t = useT();
  const clock = useClock();
  const newest = panics[0]!;
  const several = panics.length > 1;
  const time = formatTime(newest.createdAt, clock);
  return (
    <MessageBar
      intent="error"
      layout="multiline"
      className={styles.bar}
      data-panic-bar={counted ? panics.length : undefined}
    >
      <MessageBarBody>
        <MessageBarTitle>{panicBarTitle(panics, t)}</MessageBarTitle>
        {several ? t('panicBar.newest', { region: newest.regionId, time }) : time}
      </MessageBarBody>
      <MessageBarActions>
        <Button className={styles.action} onClick={onShow}>
          {t('panicBar.show')}
        </Button>
        {onAcknowledge && (
          <Button className={styles.action} onClick={onAcknowledge}>
            {t('panicBar.acknowledge')}
          </Button>
        )}
      </MessageBarActions>
    </MessageBar>
  );
}
