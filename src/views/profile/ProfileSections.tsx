// What the profile panel shows of one tourist, section by section, in the order an operator needs it on a
// call: who they are and how sure we are, whom to call, where they are now, then their history.
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { TouristProfile } from '../../api/tourist-profile.ts';
import { formatPosition, formatTime, orDash } from '../../domain/display.ts';
import { PhoneLink } from '../incident/PhoneLink.tsx';
import { FactList } from '../FactList.tsx';
import { TrailMap } from '../incident/TrailMap.tsx';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

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

/** `Asha (sister): ` before the contact's number. */
const contactName = (contact: { name: string; relation?: string | null }) =>
  `${contact.name}${contact.relation ? ` (${contact.relation})` : ''}: `;

const phoneLink = (phone: string | null) => (phone ? <PhoneLink phone={phone} /> : '—');

function verificationText({ verification }: TouristProfile, clock: ClockStyle, t: Translate): string {
  const current = verification.bindings.find((binding) => binding.unboundAt === null);
  return current
    ? t('profile.verified', { did: current.didId, by: current.boundBy, time: formatTime(current.boundAt, clock) })
    : t('profile.notVerified');
}

function documentText({ idType, idLast4 }: TouristProfile, t: Translate): string {
  if (!idType) return orDash(undefined);
  const document = t('profile.idType', { type: idType });
  return idLast4 ? t('profile.idEnding', { document, last4: idLast4 }) : document;
}

export function IdentitySection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  return (
    <Section title={t('profile.identity')}>
      {!profile.registered && (
        <Text className={styles.muted} data-not-registered>
          {t('profile.notRegisteredText')}
        </Text>
      )}
      <Facts
        label={t('profile.identity')}
        facts={[
          [t('profile.touristId'), profile.id],
          [t('profile.name'), orDash(profile.name)],
          [
            t('profile.registered'),
            profile.registered ? formatTime(profile.registeredAt, clock) : t('profile.notRegistered'),
          ],
          [t('profile.phone'), phoneLink(profile.phone)],
          [t('profile.nationality'), orDash(profile.nationality)],
          [t('profile.languages'), orDash(profile.languages.join(', '))],
          [t('profile.document'), documentText(profile, t)],
          [t('profile.verification'), verificationText(profile, clock, t)],
        ]}
      />
    </Section>
  );
}

export function ContactsAndTrip({ profile }: { profile: TouristProfile }) {
  const styles = useStyles();
  const t = useT();
  return (
    <>
      <Section title={t('profile.emergencyContacts')}>
        {profile.emergencyContacts.length === 0 && profile.emergencyPhones.length === 0 ? (
          <Text className={styles.muted}>{t('profile.noneGiven')}</Text>
        ) : (
          <ul className={styles.list}>
            {profile.emergencyContacts.map((contact) => (
              <li key={`${contact.name}:${contact.phone}`}>
                {contactName(contact)}
                {phoneLink(contact.phone)}
              </li>
            ))}
            {profile.emergencyPhones.map((phone) => (
              <li key={phone}>{phoneLink(phone)}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('profile.itinerary')}>
        {profile.itinerary.length === 0 && !profile.itineraryNote ? (
          <Text className={styles.muted}>{t('profile.noneGiven')}</Text>
        ) : (
          <>
            {profile.itinerary.length > 0 && (
              <ul className={styles.list}>
                {profile.itinerary.map((stop) => (
                  <li key={`${stop.place}:${stop.from}`}>
                    {t('profile.stop', { place: stop.place, from: stop.from, to: stop.to })}
                  </li>
                ))}
              </ul>
            )}
            {profile.itineraryNote && <Text>{profile.itineraryNote}</Text>}
          </>
        )}
      </Section>
    </>
  );
}

export function WhereaboutsSection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const { position, watchPause } = profile;
  const zones = profile.zones
    .map((zone) =>
      t('profile.zoneSince', {
        zone: zone.name ?? zone.id,
        risk: zone.riskLevel,
        time: formatTime(zone.enteredAt, clock),
      }),
    )
    .join('; ');
  return (
    <Section title={t('profile.devicesAndPosition')}>
      <Facts
        label={t('profile.position')}
        facts={[
          [
            t('profile.position'),
            position
              ? t('profile.positionAt', { position: formatPosition(position), time: formatTime(position.at, clock) })
              : t('profile.noPosition'),
          ],
          [t('profile.region'), orDash(position?.regionId)],
          [t('profile.zone'), zones || t('profile.inNoZone')],
          [
            t('profile.watch'),
            watchPause
              ? t('profile.pausedUntil', {
                  time: formatTime(watchPause.until, clock),
                  by: watchPause.pausedBy,
                  reason: watchPause.reason,
                })
              : t('profile.watched'),
          ],
        ]}
      />
      {profile.devices.length === 0 ? (
        <Text className={styles.muted}>{t('profile.noDevice')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('profile.devices')}>
          {profile.devices.map((device) => (
            <li key={device.id}>
              {device.lastReport
                ? t('profile.lastReport', {
                    device: device.id,
                    time: formatTime(device.lastReport.at, clock),
                    position: formatPosition(device.lastReport),
                  })
                : t('profile.noReport', { device: device.id })}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function HistorySection({ profile }: { profile: TouristProfile }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const last = profile.trail.at(-1);
  const shown = profile.alerts.length;
  const count = profile.alertCount;
  return (
    <>
      <Section title={t('profile.last24h')}>
        <TrailMap incident={profile.position ?? last ?? { latitude: 0, longitude: 0 }} trail={profile.trail} />
      </Section>
      <Section
        title={
          shown < count ? t('profile.alertHistoryNewest', { shown, count }) : t('profile.alertHistoryCount', { count })
        }
      >
        {shown === 0 ? (
          <Text className={styles.muted}>{t('profile.noAlerts')}</Text>
        ) : (
          <Table size="small" aria-label={t('profile.alertHistory')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('profile.received')}</TableHeaderCell>
                <TableHeaderCell>{t('profile.type')}</TableHeaderCell>
                <TableHeaderCell>{t('profile.status')}</TableHeaderCell>
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
