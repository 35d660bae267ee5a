import { Badge, Button, Checkbox, Link, TableCell, TableRow, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { incidentMachine, shownStatus } from '../../machines/incidentMachine.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { useMay } from '../session-actor.ts';
import { EscalatedBadge } from './EscalatedBadge.tsx';
import { UnverifiedBadge } from './UnverifiedBadge.tsx';

type IncidentRef = ActorRefFrom<typeof incidentMachine>;

/** The row's checkbox for bulk triage; absent for a role that may not act. */
export interface RowSelection {
  checked: boolean;
  onToggle: () => void;
}

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
  row: { cursor: 'pointer' },
  highlighted: { backgroundColor: tokens.colorPaletteYellowBackground2 },
});

/** A click on a control of the row does what the control says; anywhere else it opens the details. */
const onControl = (event: MouseEvent) => (event.target as Element).closest('button, input, label, a') !== null;

export function AlertRow({
  incident,
  alertId,
  actor,
  fallbackStatus,
  selection,
  highlighted = false,
  onOpen,
}: {
  incident: Incident;
  alertId: string | undefined;
  actor?: IncidentRef;
  fallbackStatus: IncidentStatus;
  selection?: RowSelection;
  /** The incident the operator asked to see (the panic bar's Show). */
  highlighted?: boolean;
  onOpen: () => void;
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
    <TableRow
      aria-busy={busy || undefined}
      data-highlighted={highlighted || undefined}
      className={highlighted ? `${styles.row} ${styles.highlighted}` : styles.row}
      onClick={(event) => onControl(event) || onOpen()}
    >
      <TableCell>
        {/* The checkbox and the badges sit beside the time: the other cells hold exactly their value. */}
        <span className={styles.time}>
          {selection && (
            <Checkbox aria-label={`Select incident ${incident.id}`} checked={selection.checked} onChange={selection.onToggle} />
          )}
          {formatTime(incident.createdAt)}
          <UnverifiedBadge record={incident} />
          <EscalatedBadge incident={incident} />
        </span>
      </TableCell>
      <TableCell>{formatCoordinate(incident.latitude)}</TableCell>
      <TableCell>{formatCoordinate(incident.longitude)}</TableCell>
      <TableCell className={styles.id}>{orDash(alertId)}</TableCell>
      <TableCell className={styles.id}>
        <Link as="button" onClick={onOpen}>
          {incident.id}
        </Link>
      </TableCell>
      <TableCell>{risk ? <Badge appearance="tint" color={riskColours[risk] ?? 'warning'}>{risk}</Badge> : orDash(risk)}</TableCell>
      <TableCell>
        <Badge appearance="tint" color={statusColours[status]}>
          {status}
        </Badge>
        {incident.assignee && ` · ${incident.assignee}`}
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
