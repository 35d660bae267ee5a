import { Badge, Button, TableCell, TableRow, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { incidentMachine, shownStatus } from '../../machines/incidentMachine.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { useMay } from '../session-actor.ts';
import { UnverifiedBadge } from './UnverifiedBadge.tsx';

type IncidentRef = ActorRefFrom<typeof incidentMachine>;

const statusColours: Record<IncidentStatus, BadgeProps['color']> = {
  open: 'danger',
  acknowledged: 'warning',
  resolved: 'success',
};

const riskColours: Record<string, BadgeProps['color']> = { red: 'danger', yellow: 'warning', green: 'success' };

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  time: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', alignItems: 'center' },
  id: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

export function AlertRow({
  incident,
  alertId,
  actor,
  fallbackStatus,
}: {
  incident: Incident;
  alertId: string | undefined;
  actor?: IncidentRef;
  fallbackStatus: IncidentStatus;
}) {
  const styles = useStyles();
  const status = useSelector(actor, (s) => (s ? shownStatus(s) : fallbackStatus));
  const canAcknowledge = useSelector(actor, (s) => s?.can({ type: 'incident.acknowledge' }) ?? false);
  const canResolve = useSelector(actor, (s) => s?.can({ type: 'incident.resolve' }) ?? false);
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false);
  const risk = incident.meta?.riskLevel;
  // A viewer may read but not act (issue 10): the buttons are not offered at all.
  const mayAcknowledge = useMay('acknowledge');
  const mayResolve = useMay('resolve');
  return (
    <TableRow aria-busy={busy || undefined}>
      <TableCell>
        {/* The badge sits beside the time: the other cells hold exactly their value. */}
        <span className={styles.time}>
          {formatTime(incident.createdAt)}
          <UnverifiedBadge record={incident} />
        </span>
      </TableCell>
      <TableCell>{formatCoordinate(incident.latitude)}</TableCell>
      <TableCell>{formatCoordinate(incident.longitude)}</TableCell>
      <TableCell className={styles.id}>{orDash(alertId)}</TableCell>
      <TableCell className={styles.id}>{incident.id}</TableCell>
      <TableCell>{risk ? <Badge appearance="tint" color={riskColours[risk] ?? 'warning'}>{risk}</Badge> : orDash(risk)}</TableCell>
      <TableCell>
        <Badge appearance="tint" color={statusColours[status]}>
          {status}
        </Badge>
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          {mayAcknowledge && (
            <Button size="small" disabled={!canAcknowledge} onClick={() => actor?.send({ type: 'incident.acknowledge' })}>
              Acknowledge
            </Button>
          )}
          {mayResolve && (
            <Button size="small" disabled={!canResolve} onClick={() => actor?.send({ type: 'incident.resolve' })}>
              Resolve
            </Button>
          )}
          {!mayAcknowledge && !mayResolve && orDash(undefined)}
        </div>
      </TableCell>
    </TableRow>
  );
}
