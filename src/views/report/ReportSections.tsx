import type { ReactNode } from 'react';
import type { IncidentReport } from '../../api/incident-report.ts';
import { UNIT_KIND_LABELS } from '../../api/responders.ts';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { STATE_LABELS } from '../../domain/dispatch-steps.ts';
import { formatSinceReceipt } from '../incident/IncidentFacts.tsx';
import { describeEntry } from '../incident/IncidentTimeline.tsx';
import { useReportStyles } from './report-styles.ts';
import { FactList, type Fact } from '../FactList.tsx';
import { useClock } from '../i18n/clock-context.ts';

export function ReportSection({ title, long, children }: { title: string; long?: boolean; children: ReactNode }) {
  const styles = useReportStyles();
  const id = `report-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={long ? styles.longSection : styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

const Facts = ({ label, facts }: { label: string; facts: Fact[] }) => <FactList label={label} facts={facts} twoAcross />;

export function IncidentFactsList({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const { incident, region, zone } = report;
  return (
    <Facts
      label="Facts"
      facts={[
        ['Incident', incident.id],
        ['Status', incident.status],
        ['Type', incident.type],
        ['Severity', incident.severity],
        ['Received (server)', formatTime(incident.createdAt, clock)],
        ['Reported (phone)', formatTime(incident.reportedAt, clock)],
        ['Position', formatPosition(incident)],
        ['Region', region ? `${region.name} (${region.id})` : incident.regionId],
        ['Zone', zone ? `${zone.name} (${zone.id})` : orDash(incident.meta.geofenceId)],
        ['Risk', orDash(zone?.riskLevel ?? incident.meta.riskLevel)],
        ['Device', orDash(incident.deviceId)],
        ['Verified', incident.verified === false ? `no${incident.meta.unverified ? `: ${incident.meta.unverified}` : ''}` : 'yes'],
        ...(incident.meta.reason ? [['Why raised', incident.meta.reason] as [string, string]] : []),
        ...(incident.meta.test ? [['Test alert', `sent by ${orDash(incident.meta.sentBy)}`] as [string, string]] : []),
      ]}
    />
  );
}

export function TouristFacts({ report }: { report: IncidentReport }) {
  const styles = useReportStyles();
  if (!report.tourist) return <p className={styles.muted}>No tourist was named by the call that raised it{report.incident.deviceId ? ` (device ${report.incident.deviceId})` : ''}.</p>;
  return <Facts label="Tourist" facts={[['Tourist id', report.tourist.id], ['Name', orDash(report.tourist.name)]]} />;
}

export function HandlingFacts({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const { incident } = report;
  const byAt = (who: string | null | undefined, at: string | null | undefined) => (at ? `${orDash(who)} at ${formatTime(at, clock)}` : '—');
  return (
    <Facts
      label="Who handled it"
      facts={[
        ['Acknowledged', byAt(incident.acknowledgedBy, incident.acknowledgedAt)],
        ['Resolved', byAt(incident.resolvedBy, incident.resolvedAt)],
        ['Assigned to', orDash(incident.assignee)],
        ['Escalated', incident.escalatedAt ? formatTime(incident.escalatedAt, clock) : '—'],
        ['Time to dispatch', formatSinceReceipt(incident, incident.dispatchedAt)],
        ['Time to scene', formatSinceReceipt(incident, incident.onSceneAt)],
      ]}
    />
  );
}

export function DispatchesTable({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const styles = useReportStyles();
  if (report.dispatches.length === 0) return <p className={styles.muted}>No unit was dispatched.</p>;
  const notesOf = (unitName: string) =>
    report.timeline.filter((entry) => entry.unit === unitName && entry.note).map((entry) => `${entry.action.replace('_', ' ')}: ${entry.note}`);
  return (
    <table className={styles.table} aria-label="Dispatches">
      <thead>
        <tr><th>Unit</th><th>State</th><th>Dispatched</th><th>On scene</th><th>Closed</th><th>Notes</th></tr>
      </thead>
      <tbody>
        {report.dispatches.map((dispatch) => (
          <tr key={dispatch.id}>
            <td>{dispatch.unitName}{dispatch.unitKind ? ` (${UNIT_KIND_LABELS[dispatch.unitKind]})` : ''}</td>
            <td>{STATE_LABELS[dispatch.state]}</td>
            <td>{`${formatTime(dispatch.dispatchedAt, clock)} by ${dispatch.dispatchedBy}`}</td>
            <td>{formatTime(dispatch.onSceneAt, clock)}</td>
            <td>{dispatch.closedAt ? `${formatTime(dispatch.closedAt, clock)} by ${orDash(dispatch.closedBy)}` : '—'}</td>
            <td>{notesOf(dispatch.unitName).join('; ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function NotesList({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const styles = useReportStyles();
  // A pause's note is its end and reason in a form of its own: the timeline words it.
  const notes = report.timeline.filter((entry) => entry.note && entry.action !== 'watch_paused');
  if (notes.length === 0) return <p className={styles.muted}>No notes.</p>;
  return (
    <table className={styles.table} aria-label="Notes">
      <thead><tr><th>When</th><th>Who</th><th>Note</th></tr></thead>
      <tbody>
        {notes.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td className={styles.nowrap}>{formatTime(entry.at, clock)}</td>
            <td>{entry.actor}</td>
            <td>{entry.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TimelineTable({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const styles = useReportStyles();
  return (
    <table className={styles.table} aria-label="Timeline">
      <thead><tr><th>When</th><th>What</th></tr></thead>
      <tbody>
        {report.timeline.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td className={styles.nowrap}>{formatTime(entry.at, clock)}</td>
            <td>{describeEntry(entry, clock)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
