import { makeStyles } from '@fluentui/react-components';
import { PhoneLink } from './PhoneLink.tsx';
import { FactList } from '../FactList.tsx';
import type { Incident, Region } from '../../api/entities.ts';
import type { ReactNode } from 'react';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  contacts: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' },
});


function Contacts({ region }: { region: Region | undefined }) {
  const styles = useStyles();
  if (!region?.contacts.length) return <>—</>;
  return (
    <ul className={styles.contacts} aria-label="Region contacts">
      {region.contacts.map((contact) => (
        <li key={`${contact.label}:${contact.phone}`}>
          <PhoneLink phone={contact.phone}>{`${contact.label}: ${contact.phone}`}</PhoneLink>
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
export function IncidentFacts({ incident, region, zone }: { incident: Incident; region: Region | undefined; zone: string | undefined }) {
  const clock = useClock();
  const facts: [string, ReactNode][] = [
    ['Status', incident.status],
    ['Type', incident.type],
    ['Severity', incident.severity],
    ['Reported (phone)', formatTime(incident.reportedAt, clock)],
    ['Received (server)', formatTime(incident.createdAt, clock)],
    ['Tourist', orDash(incident.touristId)],
    ['Device', orDash(incident.deviceId)],
    ['Coordinates', formatPosition(incident)],
    ['Zone', orDash(zone)],
    ['Region', region?.name ?? incident.regionId],
    ['Contacts', <Contacts key="contacts" region={region} />],
    ['Assigned to', orDash(incident.assignee)],
    ['Acknowledged by', orDash(incident.acknowledgedBy)],
    ['Resolved by', orDash(incident.resolvedBy)],
    ['Escalated', incident.escalatedAt ? formatTime(incident.escalatedAt, clock) : '—'],
    ['Time to dispatch', formatSinceReceipt(incident, incident.dispatchedAt)],
    ['Time to scene', formatSinceReceipt(incident, incident.onSceneAt)],
  ];
  return <FactList label="Incident facts" facts={facts} />;
}
