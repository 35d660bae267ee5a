// An alert as a card, for a phone (issue 35): what it is, when and where, its risk and status in words, and
// Acknowledge and Resolve as 44 px targets. A tap anywhere else opens its details, as a row's click does.
import { Badge, Button, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { DEFAULT_REGION_ID } from '../../domain/default-region.ts';
import { formatTime } from '../../domain/display.ts';
import { incidentTitle } from '../../domain/incident-titles.ts';
import { isUrgent } from '../../domain/urgent-incidents.ts';
import { onControl, riskColours, statusColours } from './AlertRow.tsx';
import { EscalatedBadge } from './EscalatedBadge.tsx';
import { ReportedAgainBadge } from './ReportedAgainBadge.tsx';
import { UnverifiedBadge } from './UnverifiedBadge.tsx';
import { useAlertActions } from './useAlertActions.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';
import { statusWord } from '../../domain/incident-status.ts';
import { riskWord } from './risk-word.ts';

const TOUCH_TARGET = '44px';

/** The region's id, a name of the data: an incident without one belongs to `default`. */
const regionOf = (incident: Incident) => incident.regionId || DEFAULT_REGION_ID;

const useStyles = makeStyles({
  card: { cursor: 'pointer', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM },
  urgent: { borderLeft: `4px solid ${tokens.colorPaletteRedBorder2}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1 },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground2,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  action: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET, flexGrow: 1 },
});

export function AlertCard({ incident, onOpen }: { incident: Incident; onOpen: () => void }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const { busy, offerAcknowledge, offerResolve, canAcknowledge, canResolve, acknowledge, resolve } =
    useAlertActions(incident);
  const risk = incident.meta?.riskLevel;
  const title = incidentTitle(incident, t);
  return (
    <Card
      className={mergeClasses(styles.card, isUrgent(incident) && styles.urgent)}
      aria-busy={busy || undefined}
      aria-label={t('dashboard.cardLabel', { title, id: incident.id })}
      data-alert-card={incident.id}
      // Not a focusable group (tabster's groupper, whose focus sentinels axe reports): its buttons are Tab stops of their own, Details among them.
      focusMode="off"
      onClick={(event) => onControl(event) || onOpen()}
    >
      <div className={styles.head}>
        <Text className={styles.title}>{title}</Text>
        {risk && (
          <Badge appearance="tint" color={riskColours[risk] ?? 'warning'}>
            {t('dashboard.riskOf', { risk: riskWord(risk, t) })}
          </Badge>
        )}
        <Badge appearance="tint" color={statusColours[incident.status]}>
          {statusWord(incident.status, t)}
        </Badge>
      </div>
      <div className={styles.facts}>
        <span>{formatTime(incident.createdAt, clock)}</span>
        <span>{regionOf(incident)}</span>
        {incident.assignee && <span>{incident.assignee}</span>}
        <UnverifiedBadge record={incident} />
        <EscalatedBadge incident={incident} />
        <ReportedAgainBadge incident={incident} />
      </div>
      <div className={styles.actions}>
        {offerAcknowledge && (
          <Button className={styles.action} disabled={!canAcknowledge} onClick={acknowledge}>
            {t('dashboard.acknowledge')}
          </Button>
        )}
        {offerResolve && (
          <Button className={styles.action} disabled={!canResolve} onClick={resolve}>
            {t('dashboard.resolve')}
          </Button>
        )}
        <Button
          className={styles.action}
          appearance="subtle"
          onClick={onOpen}
          aria-label={t('dashboard.detailsOf', { id: incident.id })}
        >
          {t('dashboard.details')}
        </Button>
      </div>
    </Card>
  );
}
