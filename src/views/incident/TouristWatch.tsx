import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { watchStateSentence } from '../../domain/watch-pause.ts';
import type { touristWatchMachine } from '../../machines/touristWatchMachine.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { DetailsRef } from './details-ref.ts';
import { PauseWatchDialog } from './PauseWatchDialog.tsx';
import { useT } from '../../i18n/useT.ts';

export type WatchRef = ActorRefFrom<typeof touristWatchMachine>;

const useStyles = makeStyles({
  watch: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  sentence: { margin: 0 },
});

/** The tourist's watch in the drawer (operator and up): paused until when and why, and the act that changes it. */
export function TouristWatch({ details }: { details: DetailsRef }) {
  const watch = useSelector(details, (s) => s.children.watch as WatchRef | undefined);
  // Until the region's record arrives, times are the console's clock's (the dialog names the zone it uses).
  const consoleZone = useClock().timeZone;
  const timeZone = useSelector(details, (s) => s.context.region?.timeZone) ?? consoleZone;
  return watch ? <WatchSection watch={watch} timeZone={timeZone} /> : null;
}

/** The section for one watch actor (the model test renders it on its own). */
export function WatchSection({ watch, timeZone }: { watch: WatchRef; timeZone: string }) {
  const styles = useStyles();
  const t = useT();
  const pause = useSelector(watch, (s) => s.context.pause);
  const error = useSelector(watch, (s) => s.context.error);
  const loading = useSelector(watch, (s) => s.hasTag('loading'));
  const failed = useSelector(watch, (s) => s.matches('failed'));
  const dialogOpen = useSelector(watch, (s) => s.hasTag('dialog'));
  const writing = useSelector(watch, (s) => s.hasTag('writing'));
  const canOpen = useSelector(watch, (s) => s.can({ type: 'watch.open' }));
  const canResume = useSelector(watch, (s) => s.matches('paused') || s.matches('resuming'));
  return (
    <section className={styles.watch} aria-label={t('incident.watch')} aria-busy={loading || writing || undefined}>
      <div className={styles.line}>
        {loading && <Spinner size="tiny" label={t('incident.watchReading')} />}
        {failed && <p className={styles.sentence}>{t('incident.watchFailed')}</p>}
        {!loading && !failed && <p className={styles.sentence}>{watchStateSentence(pause, new Date(), timeZone, t)}</p>}
        {failed && <Button onClick={() => watch.send({ type: 'watch.reload' })}>{t('incident.readAgain')}</Button>}
        {canOpen && <Button onClick={() => watch.send({ type: 'watch.open' })}>{t('incident.pauseWatching')}</Button>}
        {canResume && (
          <Button disabled={writing} onClick={() => watch.send({ type: 'watch.resume' })}>
            {writing ? t('incident.resuming') : t('incident.resumeWatching')}
          </Button>
        )}
      </div>
      {error && !dialogOpen && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {dialogOpen && (
        <PauseWatchDialog
          busy={writing}
          error={error}
          timeZone={timeZone}
          onPause={(request) => watch.send({ type: 'watch.pause', ...request })}
          onCancel={() => watch.send({ type: 'watch.cancel' })}
        />
      )}
    </section>
  );
}
