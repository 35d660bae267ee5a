// The panic bar (issue 11): whatever the dashboard shows, every open, unacknowledged panic in any region
// is named here until someone acknowledges it. One reads `New panic alert in {region}` with its time;
// several collapse to `{n} open panic alerts`, with the newest one's region and time: Show and
// Acknowledge act on that one, so the operator walks through them newest first.
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { formatTime } from '../../domain/display.ts';
import type { PanicSummary } from '../../domain/open-panics.ts';
import { urgentTitle } from '../../domain/urgent-incidents.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';
import { PHONE_MEDIA } from '../breakpoints.ts';
import { useOpenPanics } from './panic-watch.ts';

const useStyles = makeStyles({
  // Stays in sight while the operator scrolls the table or the map.
  bar: { position: 'sticky', top: 0, zIndex: 10, boxShadow: tokens.shadow8 },
  // In the field (issue 35) Show and Acknowledge are 44 px targets.
  action: { [PHONE_MEDIA]: { minHeight: '44px', minWidth: '44px' } },
});

export function panicBarTitle(panics: readonly PanicSummary[]): string {
  return panics.length === 1 ? `${urgentTitle(panics[0]!.type ?? 'panic')} in ${panics[0]!.regionId}` : `${panics.length} open panic alerts`;
}

/**
 * The page's first toLocaleString loads the locale's date data: 25–33 ms that the first panic after a console
 * opened spent before its bar and row were painted (issue 33). Done here in an idle moment instead.
 */
function usePreparedTimeFormat(): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => formatTime(new Date().toISOString()), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
}

export function PanicBar() {
  usePreparedTimeFormat();
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
export function PanicBarView({ panics, onShow, onAcknowledge, counted = true }: { panics: readonly PanicSummary[]; onShow: () => void; onAcknowledge?: () => void; counted?: boolean }) {
  const styles = useStyles();
  const newest = panics[0]!;
  const several = panics.length > 1;
  return (
    <MessageBar intent="error" layout="multiline" className={styles.bar} data-panic-bar={counted ? panics.length : undefined}>
      <MessageBarBody>
        <MessageBarTitle>{panicBarTitle(panics)}</MessageBarTitle>
        {several ? `Newest in ${newest.regionId} at ${formatTime(newest.createdAt)}` : formatTime(newest.createdAt)}
      </MessageBarBody>
      <MessageBarActions>
        <Button className={styles.action} onClick={onShow}>
          Show
        </Button>
        {onAcknowledge && (
          <Button className={styles.action} onClick={onAcknowledge}>
            Acknowledge
          </Button>
        )}
      </MessageBarActions>
    </MessageBar>
  );
}
