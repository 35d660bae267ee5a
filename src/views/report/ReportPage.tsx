import {
  Button,
  FluentProvider,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  webLightTheme,
} from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { formatTime } from '../../domain/display.ts';
import { incidentReportMachine } from '../../machines/incidentReportMachine.ts';
import { ReportTrail } from './ReportTrail.tsx';
import {
  DispatchesTable,
  HandlingFacts,
  IncidentFactsList,
  NotesList,
  ReportSection,
  TimelineTable,
  TouristFacts,
} from './ReportSections.tsx';
import { PAGE_RULE, useReportStyles } from './report-styles.ts';
import { ClockContext, useClock } from '../i18n/clock-context.ts';
import { timeZoneName } from '../../i18n/clock.ts';
import { isIanaTimeZone } from '../../domain/time-zone.ts';
import { useT } from '../../i18n/useT.ts';

/** One incident's print-ready report (issue 34 point 6), at `/#/incidents/{id}/report`; light theme whatever the console's. */
export function ReportPage({ incidentId }: { incidentId: string }) {
  const styles = useReportStyles();
  const t = useT();
  const outerClock = useClock();
  const actor = useActorRef(incidentReportMachine, { input: { incidentId } });
  const report = useSelector(actor, (s) => s.context.report);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  // The report reads its times in its region's zone (issue 36), whatever the browser's.
  const regionZone = report?.region?.timeZone;
  const clock = useMemo(
    () => (regionZone && isIanaTimeZone(regionZone) ? { ...outerClock, timeZone: regionZone } : outerClock),
    [outerClock, regionZone],
  );
  useEffect(() => {
    document.title = t('report.title', { id: incidentId });
  }, [incidentId, t]);
  return (
    <FluentProvider theme={webLightTheme}>
      <style>{PAGE_RULE}</style>
      <main className={styles.page} aria-label={t('report.title', { id: incidentId })}>
        <div className={styles.toolbar} role="toolbar" aria-label={t('report.actions')}>
          <Button appearance="primary" icon={<PrintRegular />} disabled={!report} onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        </div>
        <h1 className={styles.heading}>{t('report.title', { id: incidentId })}</h1>
        {loading && <Spinner label={t('report.loading')} />}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => actor.send({ type: 'report.retry' })}>{t('report.retry')}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {report && (
          <ClockContext.Provider value={clock}>
            <p className={styles.generated}>
              {t('report.generated', {
                time: formatTime(report.generatedAt, clock),
                by: report.generatedBy,
                zone: timeZoneName(clock),
              })}
            </p>
            <ReportSection id="report-facts" title={t('report.facts')}>
              <IncidentFactsList report={report} />
            </ReportSection>
            <ReportSection id="report-tourist" title={t('report.tourist')}>
              <TouristFacts report={report} />
            </ReportSection>
            <ReportSection id="report-who-handled-it" title={t('report.handling')}>
              <HandlingFacts report={report} />
            </ReportSection>
            <ReportSection id="report-map-of-the-trail" title={t('report.map')}>
              <ReportTrail report={report} />
            </ReportSection>
            <ReportSection id="report-dispatches" title={t('report.dispatches')} long>
              <DispatchesTable report={report} />
            </ReportSection>
            <ReportSection id="report-notes" title={t('report.notes')}>
              <NotesList report={report} />
            </ReportSection>
            <ReportSection id="report-timeline" title={t('report.timeline')} long>
              <TimelineTable report={report} />
            </ReportSection>
          </ClockContext.Provider>
        )}
      </main>
    </FluentProvider>
  );
}
