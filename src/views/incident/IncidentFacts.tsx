import { makeStyles } from '@fluentui/react-components';
import { PhoneLink } from './PhoneLink.tsx';
import { FactList } from '../FactList.tsx';
import type { Incident, Region } from '../../api/entities.ts';
import type { ReactNode } from 'react';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';
import { statusWord } from '../../domain/incident-status.ts';

const useStyles = makeStyles({
  contacts: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' },
});

/** A contact as the region's record names it: `Police control room: +91…`. */
const contactLine = (contact: { label: string; phone: string }) => `${contact.label}: ${contact.phone}`;

function Contacts({ region }: { region: Region | undefined }) {
  const styles = useStyles();
  const t = useT();
  if (!region?.contacts.length) return <>{orDash(undefined)}</>;
  return (
    <ul className={styles.contacts} aria-label={t('incident.regionContacts')}>
      {region.contacts.map((contact) => (
        <li key={`${contact.label}:${contact.phone}`}>
          <PhoneLink phone={contact.phone}>{contactLine(contact)}</PhoneLink>
        </li>
      ))}
    </ul>
  );
}

/** From the server's receipt to `at`: "4 min 05 s", "45 s"; a dash before it happened. */
export function formatSinceReceipt(incident: Pick<Incident, 'createdAt'>, at: string | null | undefined): string {
  if (!at) return '—';
  const seconds = Math.max(0, Math.round((Date.parse(at) - Date.parse(incident.createdAt)) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** What is known of the incident, in the order an operator reads it out on the phone. */
export function IncidentFacts({
  incident,
  region,
  zone,
}: {
  incident: Incident;
  region: Region | undefined;
  zone: string | undefined;
}) {
  const clock = useClock();
  const t = useT();
  const facts: [string, ReactNode][] = [
    [t('incident.fact.status'), statusWord(incident.status, t)],
    [t('incident.fact.type'), t('incident.typeWord', { type: incident.type })],
    [t('incident.fact.severity'), t('incident.severityWord', { severity: incident.severity })],
    [t('incident.fact.reported'), formatTime(incident.reportedAt, clock)],
    [t('incident.fact.received'), formatTime(incident.createdAt, clock)],
    [t('incident.fact.tourist'), orDash(incident.touristId)],
    [t('incident.fact.device'), orDash(incident.deviceId)],
    [t('incident.fact.coordinates'), formatPosition(incident)],
    [t('incident.fact.zone'), orDash(zone)],
    [t('incident.fact.region'), region?.name ?? incident.regionId],
    [t('incident.fact.contacts'), <Contacts key="contacts" region={region} />],
    [t('incident.fact.assignedTo'), orDash(incident.assignee)],
    [t('incident.fact.acknowledgedBy'), orDash(incident.acknowledgedBy)],
    [t('incident.fact.resolvedBy'), orDash(incident.resolvedBy)],
    [t('incident.fact.escalated'), incident.escalatedAt ? formatTime(incident.escalatedAt, clock) : '—'],
    [t('incident.fact.timeToDispatch'), formatSinceReceipt(incident, incident.dispatchedAt)],
    [t('incident.fact.timeToScene'), formatSinceReceipt(incident, incident.onSceneAt)],
  ];
  return <FactList label={t('incident.facts')} facts={facts} />;
}
