// The page's two live regions (issue 35): new panics read out at once (assertive), other new incidents when
// the screen reader is free (polite). Nothing on screen: the bar and the table show the same news.
import { makeStyles } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { announce, NO_ANNOUNCEMENTS } from '../../domain/announcements.ts';
import { formatTime } from '../../domain/display.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

export const useVisuallyHidden = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

export function Announcer() {
  const styles = useVisuallyHidden();
  const clock = useClock();
  const t = useT();
  const records = DashboardActor.useSelector((s) => s.context.incidents);
  const loaded = DashboardActor.useSelector((s) => !(s.hasTag('loading') && s.context.tableIds.size === 0));
  const state = useRef(NO_ANNOUNCEMENTS);
  const [assertive, setAssertive] = useState('');
  const [polite, setPolite] = useState('');
  useEffect(() => {
    if (!loaded) return;
    const news = announce(state.current, records, (iso) => formatTime(iso, clock), t);
    state.current = news.state;
    if (news.assertive.length) setAssertive(news.assertive.join('. '));
    if (news.polite.length) setPolite(news.polite.join('. '));
  }, [records, loaded, clock, t]);
  return (
    <>
      <div className={styles.hidden} aria-live="assertive" aria-atomic="true" data-announce="assertive">
        {assertive}
      </div>
      <div className={styles.hidden} aria-live="polite" aria-atomic="true" data-announce="polite">
        {polite}
      </div>
    </>
  );
}
