// What the profile panel shows of one tourist, section by section, in the order an operator needs it on a
// call: who they are and how sure we are, whom to call, where they are now, then their history.
import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { TouristProfile } from '../../api/tourist-profile.ts';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { PhoneLink } from '../incident/PhoneLink.tsx';
import { FactList } from '../FactList.tsx';
import { TrailMap } from '../incident/TrailMap.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

const ID_TYPE_LABELS: Record<NonNullable<TouristProfile['idType']>, string> = {
  aadhaar: 'Aadhaar',
  passport: 'Passport',
  voter_id: 'Voter ID',
  driving_licence: 'Driving licence',
  other: 'Identity document',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.heading}>{title}</h3>
      {children}
    </section>
  );
}

const Facts = FactList;

const phoneLink = (phone: string | null) => (phone ? <PhoneLink phone={phone} /> : '—');

function verificationText({ verification }: TouristProfile, clock: ClockStyle): string {
  const current = verification.bindings.find((binding) => binding.unboundAt === null);
  return current ? `Verified: Digital ID ${current.didId}, bound by ${current.boundBy} on ${formatTime(current.boundAt, clock)}` : 'Not verified (no Digital ID bound)';
}

export function IdentitySection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const document = profile.idType ? `${ID_TYPE_LABELS[profile.idType]}${profile.idLast4 ? ` ending ${profile.idLast4}` : ''}` : '—';
  const styles = useStyles();
  return (
    <Section title="Identity">
      {!profile.registered && (
        <Text className={styles.muted} data-not-registered>
          Not registered: this tourist never registered (no name, phone, document, contacts or itinerary). What follows is
          what their devices, positions and incidents show.
        </Text>
      )}
      <Facts
        label="Identity"
        facts={[
          ['Tourist ID', profile.id],
          ['Name', orDash(profile.name)],
          ['Registered', profile.registered ? formatTime(profile.registeredAt, clock) : 'Not registered'],
          ['Phone', phoneLink(profile.phone)],
          ['Nationality', orDash(profile.nationality)],
          ['Languages', profile.languages.length ? profile.languages.join(', ') : '—'],
          ['Document', document],
          ['Verification', verificationText(profile, clock)],
        ]}
      />
    </Section>
  );
}

export function ContactsAndTrip({ profile }: { profile: TouristProfile }) {
  const styles = useStyles();
  return (
    <>
      <Section title="Emergency contacts">
        {profile.emergencyContacts.length === 0 ? (
          <Text className={styles.muted}>None given.</Text>
        ) : (
          <ul className={styles.list}>
            {profile.emergencyContacts.map((contact) => (
              <li key={`${contact.name}:${contact.phone}`}>
                {`${contact.name}${contact.relation ? ` (${contact.relation})` : ''}: `}
                {phoneLink(contact.phone)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Itinerary">
        {profile.itinerary.length === 0 ? (
          <Text className={styles.muted}>None given.</Text>
        ) : (
          <ul className={styles.list}>
            {profile.itinerary.map((stop) => (
              <li key={`${stop.place}:${stop.from}`}>{`${stop.place}: ${stop.from} to ${stop.to}`}</li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

export function WhereaboutsSection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const styles = useStyles();
  const { position, watchPause } = profile;
  const zones = profile.zones.map((zone) => `${zone.name ?? zone.id} (${zone.riskLevel}) since ${formatTime(zone.enteredAt, clock)}`).join('; ');
  return (
    <Section title="Devices and position">
      <Facts
        label="Position"
        facts={[
          ['Position', position ? `${formatPosition(position)} at ${formatTime(position.at, clock)}` : 'No position reported'],
          ['Region', orDash(position?.regionId)],
          ['Zone', zones || 'In no red or yellow zone'],
          ['Watch', watchPause ? `Paused until ${formatTime(watchPause.until, clock)} by ${watchPause.pausedBy}: ${watchPause.reason}` : 'Watched (not paused)'],
        ]}
      />
      {profile.devices.length === 0 ? (
        <Text className={styles.muted}>No device paired.</Text>
      ) : (
        <ul className={styles.list} aria-label="Devices">
          {profile.devices.map((device) => (
            <li key={device.id}>
              {`${device.id}: ${device.lastReport ? `last report ${formatTime(device.lastReport.at, clock)} at ${formatPosition(device.lastReport)}` : 'no report yet'}`}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function HistorySection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const styles = useStyles();
  const last = profile.trail.at(-1);
  const shown = profile.alerts.length;
  return (
    <>
      <Section title="Last 24 hours">
        <TrailMap incident={profile.position ?? last ?? { latitude: 0, longitude: 0 }} trail={profile.trail} />
      </Section>
      <Section title={`Alert history (${shown < profile.alertCount ? `newest ${shown} of ${profile.alertCount}` : profile.alertCount})`}>
        {shown === 0 ? (
          <Text className={styles.muted}>No alerts.</Text>
        ) : (
          <Table size="small" aria-label="Alert history">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Received</TableHeaderCell>
                <TableHeaderCell>Type</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {profile.alerts.map((alert) => (
                <TableRow key={alert.id}>
                  <TableCell>{formatTime(alert.createdAt, clock)}</TableCell>
                  <TableCell>{alert.type}</TableCell>
                  <TableCell>{alert.status}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
}
