import {
  Badge,
  Button,
  Checkbox,
  Link,
  TableCell,
  TableRow,
  makeStyles,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { EscalatedBadge } from './EscalatedBadge.tsx';
import { ReportedAgainBadge } from './ReportedAgainBadge.tsx';
import { UnverifiedBadge } from './UnverifiedBadge.tsx';
import { useAlertActions } from './useAlertActions.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';
import { statusWord } from '../../domain/incident-status.ts';
import { riskWord } from './risk-word.ts';

/** The row's checkbox for bulk triage; absent for a role that may not act. */
export interface RowSelection {
  checked: boolean;
  onToggle: () => void;
}

export const statusColours: Record<IncidentStatus, BadgeProps['color']> = {
  open: 'danger',
  acknowledged: 'warning',
  resolved: 'success',
};

const assigneeSuffix = (assignee: string) => ` · ${assignee}`;

export const riskColours: Record<string, BadgeProps['color']> = { red: 'danger', yellow: 'warning', green: 'success' };

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  time: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', alignItems: 'center' },
  id: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  row: { cursor: 'pointer' },
  highlighted: { backgroundColor: tokens.colorPaletteYellowBackground2 },
});

/** A click on a control of the row does what the control says; anywhere else it opens the details. */
export const onControl = (event: MouseEvent) => (event.target as Element).closest('button, input, label, a') !== null;

export function AlertRow({
  incident,
  alertId,
  selection,
  highlighted = false,
  onOpen,
}: {
  incident: Incident;
  alertId: string | undefined;
  selection?: RowSelection;
  /** The incident the operator asked to see (the panic bar's Show). */
  highlighted?: boolean;
  onOpen: () => void;
}) {
  const styles = useStyles();
  const clock = useClock();
  const t = useT();
  const { status } = incident;
  const { busy, offerAcknowledge, offerResolve, canAcknowledge, canResolve, acknowledge, resolve } =
    useAlertActions(incident);
  const risk = incident.meta?.riskLevel;
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
            <Checkbox
              aria-label={t('dashboard.selectIncident', { id: incident.id })}
              checked={selection.checked}
              onChange={selection.onToggle}
            />
          )}
          {formatTime(incident.createdAt, clock)}
          <UnverifiedBadge record={incident} />
          <EscalatedBadge incident={incident} />
          <ReportedAgainBadge incident={incident} />
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
      <TableCell>
        {risk ? (
          <Badge appearance="tint" color={riskColours[risk] ?? 'warning'}>
            {riskWord(risk, t)}
          </Badge>
        ) : (
          orDash(risk)
        )}
      </TableCell>
      <TableCell>
        <Badge appearance="tint" color={statusColours[status]}>
          {statusWord(status, t)}
        </Badge>
        {incident.assignee && assigneeSuffix(incident.assignee)}
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          {offerAcknowledge && (
            <Button size="small" disabled={!canAcknowledge} onClick={acknowledge}>
              {t('dashboard.acknowledge')}
            </Button>
          )}
          {offerResolve && (
            <Button size="small" disabled={!canResolve} onClick={resolve}>
              {t('dashboard.resolve')}
            </Button>
          )}
          {!offerAcknowledge && !offerResolve && orDash(undefined)}
        </div>
      </TableCell>
    </TableRow>
  );
}
