import { Badge, Button, TableCell, TableRow, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { incidentMachine, shownStatus } from '../../machines/incidentMachine.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';

type IncidentRef = ActorRefFrom<typeof incidentMachine>;

const statusColours: Record<IncidentStatus, BadgeProps['color']> = {
  open: 'danger',
  acknowledged: 'warning',
  resolved: 'success',
};

const riskColours: Record<string, BadgeProps['color']> = { red: 'danger', yellow: 'warning', green: 'success' };

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
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
  return (
    <TableRow aria-busy={busy || undefined}>
      <TableCell>{formatTime(incident.createdAt)}</TableCell>
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
          <Button size="small" disabled={!canAcknowledge} onClick={() => actor?.send({ type: 'incident.acknowledge' })}>
            Acknowledge
          </Button>
          <Button size="small" disabled={!canResolve} onClick={() => actor?.send({ type: 'incident.resolve' })}>
            Resolve
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
