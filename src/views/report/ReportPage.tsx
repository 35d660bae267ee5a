import { Button, FluentProvider, MessageBar, MessageBarActions, MessageBarBody, Spinner, webLightTheme } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { formatTime } from '../../domain/display.ts';
import { incidentReportMachine } from '../../machines/incidentReportMachine.ts';
import { ReportTrail } from './ReportTrail.tsx';
import { DispatchesTable, HandlingFacts, IncidentFactsList, NotesList, ReportSection, TimelineTable, TouristFacts } from './ReportSections.tsx';
import { PAGE_RULE, useReportStyles } from './report-styles.ts';
import { ClockContext, useClock } from '../i18n/clock-context.ts';
import { timeZoneName } from '../../i18n/clock.ts';
import { isIanaTimeZone } from '../../domain/time-zone.ts';

/** One incident's print-ready report (issue 34 point 6), at `/#/incidents/{id}/report`; light theme whatever the console's. */
export function ReportPage({ incidentId }: { incidentId: string }) {
  const styles = useReportStyles();
  const outerClock = useClock();
  const actor = useActorRef(incidentReportMachine, { input: { incidentId } });
  const report = useSelector(actor, (s) => s.context.report);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  // The report reads its times in its region's zone (issue 36), whatever the browser's.
  const regionZone = report?.region?.timeZone;
  const clock = useMemo(() => (regionZone && isIanaTimeZone(regionZone) ? { ...outerClock, timeZone: regionZone } : outerClock), [outerClock, regionZone]);
  useEffect(() => {
    document.title = `Incident report ${incidentId}`;
  }, [incidentId]);
  return (
    <FluentProvider theme={webLightTheme}>
      <style>{PAGE_RULE}</style>
      <main className={styles.page} aria-label={`Incident report ${incidentId}`}>
        <div className={styles.toolbar} role="toolbar" aria-label="Report actions">
          <Button appearance="primary" icon={<PrintRegular />} disabled={!report} onClick={() => window.print()}>
            Print
          </Button>
        </div>
        <h1 className={styles.heading}>{`Incident report ${incidentId}`}</h1>
        {loading && <Spinner label="Loading the report…" />}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => actor.send({ type: 'report.retry' })}>Retry</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {report && (
          <ClockContext.Provider value={clock}>
            <p className={styles.generated}>{`Generated ${formatTime(report.generatedAt, clock)} by ${report.generatedBy}. Times in ${timeZoneName(clock)}.`}</p>
            <ReportSection title="Facts">
              <IncidentFactsList report={report} />
            </ReportSection>
            <ReportSection title="Tourist">
              <TouristFacts report={report} />
            </ReportSection>
            <ReportSection title="Who handled it">
              <HandlingFacts report={report} />
            </ReportSection>
            <ReportSection title="Map of the trail">
              <ReportTrail report={report} />
            </ReportSection>
            <ReportSection title="Dispatches" long>
              <DispatchesTable report={report} />
            </ReportSection>
            <ReportSection title="Notes">
              <NotesList report={report} />
            </ReportSection>
            <ReportSection title="Timeline" long>
              <TimelineTable report={report} />
            </ReportSection>
          </ClockContext.Provider>
        )}
      </main>
    </FluentProvider>
  );
}
