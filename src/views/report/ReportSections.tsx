import type { ReactNode } from 'react';
import type { IncidentReport } from '../../api/incident-report.ts';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { formatSinceReceipt } from '../incident/IncidentFacts.tsx';
import { describeEntry } from '../incident/IncidentTimeline.tsx';
import { useReportStyles } from './report-styles.ts';
import { FactList, type Fact } from '../FactList.tsx';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

/** `id`: the heading's, which names the section whatever the language. */
export function ReportSection({
  id,
  title,
  long,
  children,
}: {
  id: string;
  title: string;
  long?: boolean;
  children: ReactNode;
}) {
  const styles = useReportStyles();
  return (
    <section className={long ? styles.longSection : styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const Facts = ({ label, facts }: { label: string; facts: Fact[] }) => (
  <FactList label={label} facts={facts} twoAcross />
);

export function IncidentFactsList({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const t = useT();
  const { incident, region, zone } = report;
  const verified =
    incident.verified !== false
      ? t('report.yes')
      : incident.meta.unverified
        ? t('report.notVerified', { why: incident.meta.unverified })
        : t('report.no');
  return (
    <Facts
      label={t('report.facts')}
      facts={[
        [t('report.fact.incident'), incident.id],
        [t('incident.fact.status'), incident.status],
        [t('incident.fact.type'), incident.type],
        [t('incident.fact.severity'), incident.severity],
        [t('incident.fact.received'), formatTime(incident.createdAt, clock)],
        [t('incident.fact.reported'), formatTime(incident.reportedAt, clock)],
        [t('report.fact.position'), formatPosition(incident)],
        [t('incident.fact.region'), region ? `${region.name} (${region.id})` : incident.regionId],
        [t('incident.fact.zone'), zone ? `${zone.name} (${zone.id})` : orDash(incident.meta.geofenceId)],
        [t('report.fact.risk'), orDash(zone?.riskLevel ?? incident.meta.riskLevel)],
        [t('incident.fact.device'), orDash(incident.deviceId)],
        [t('report.fact.verified'), verified],
        ...(incident.meta.reason ? [[t('report.fact.whyRaised'), incident.meta.reason] as [string, string]] : []),
        ...(incident.meta.test
          ? [[t('report.fact.testAlert'), t('report.sentBy', { by: orDash(incident.meta.sentBy) })] as [string, string]]
          : []),
      ]}
    />
  );
}

export function TouristFacts({ report }: { report: IncidentReport }) {
  const styles = useReportStyles();
  const t = useT();
  const device = report.incident.deviceId;
  if (!report.tourist)
    return <p className={styles.muted}>{device ? t('report.noTouristDevice', { device }) : t('report.noTourist')}</p>;
  return (
    <Facts
      label={t('report.tourist')}
      facts={[
        [t('report.touristId'), report.tourist.id],
        [t('report.name'), orDash(report.tourist.name)],
      ]}
    />
  );
}

export function HandlingFacts({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const t = useT();
  const { incident } = report;
  const byAt = (who: string | null | undefined, at: string | null | undefined) =>
    at ? t('report.byAt', { who: orDash(who), time: formatTime(at, clock) }) : '—';
  return (
    <Facts
      label={t('report.handling')}
      facts={[
        [t('report.acknowledged'), byAt(incident.acknowledgedBy, incident.acknowledgedAt)],
        [t('report.resolved'), byAt(incident.resolvedBy, incident.resolvedAt)],
        [t('incident.fact.assignedTo'), orDash(incident.assignee)],
        [t('incident.fact.escalated'), incident.escalatedAt ? formatTime(incident.escalatedAt, clock) : '—'],
        [t('incident.fact.timeToDispatch'), formatSinceReceipt(incident, incident.dispatchedAt)],
        [t('incident.fact.timeToScene'), formatSinceReceipt(incident, incident.onSceneAt)],
      ]}
    />
  );
}

export function DispatchesTable({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const t = useT();
  const styles = useReportStyles();
  if (report.dispatches.length === 0) return <p className={styles.muted}>{t('report.noDispatch')}</p>;
  const notesOf = (unitName: string) =>
    report.timeline
      .filter((entry) => entry.unit === unitName && entry.note)
      .map((entry) => `${entry.action.replace('_', ' ')}: ${entry.note}`);
  return (
    <table className={styles.table} aria-label={t('report.dispatches')}>
      <thead>
        <tr>
          {(
            [
              'report.col.unit',
              'report.col.state',
              'report.col.dispatched',
              'report.col.onScene',
              'report.col.closed',
              'report.col.notes',
            ] as const
          ).map((column) => (
            <th key={column}>{t(column)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {report.dispatches.map((dispatch) => (
          <tr key={dispatch.id}>
            <td>
              {dispatch.unitKind
                ? t('report.unitOfKind', {
                    name: dispatch.unitName,
                    kind: t('responders.kindName', { kind: dispatch.unitKind }),
                  })
                : dispatch.unitName}
            </td>
            <td>{t('responders.state', { state: dispatch.state })}</td>
            <td>{t('report.timeBy', { time: formatTime(dispatch.dispatchedAt, clock), by: dispatch.dispatchedBy })}</td>
            <td>{formatTime(dispatch.onSceneAt, clock)}</td>
            <td>
              {dispatch.closedAt
                ? t('report.timeBy', { time: formatTime(dispatch.closedAt, clock), by: orDash(dispatch.closedBy) })
                : orDash(undefined)}
            </td>
            <td>{orDash(notesOf(dispatch.unitName).join('; '))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function NotesList({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const t = useT();
  const styles = useReportStyles();
  // A pause's note is its end and reason in a form of its own: the timeline words it.
  const notes = report.timeline.filter((entry) => entry.note && entry.action !== 'watch_paused');
  if (notes.length === 0) return <p className={styles.muted}>{t('report.noNotes')}</p>;
  return (
    <table className={styles.table} aria-label={t('report.notes')}>
      <thead>
        <tr>
          <th>{t('report.col.when')}</th>
          <th>{t('report.col.who')}</th>
          <th>{t('report.col.note')}</th>
        </tr>
      </thead>
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
  const t = useT();
  const styles = useReportStyles();
  return (
    <table className={styles.table} aria-label={t('report.timeline')}>
      <thead>
        <tr>
          <th>{t('report.col.when')}</th>
          <th>{t('report.col.what')}</th>
        </tr>
      </thead>
      <tbody>
        {report.timeline.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td className={styles.nowrap}>{formatTime(entry.at, clock)}</td>
            <td>{describeEntry(entry, clock, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
