// The alerts table itself: its header (with "Select all" for those who may triage) and the rows in view.
import {
  Checkbox,
  makeStyles,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { memo, type RefObject } from 'react';
import type { Incident } from '../../api/entities.ts';
import { AlertRow } from './AlertRow.tsx';
import type { BulkRef } from './BulkBar.tsx';
import { useT } from '../../i18n/useT.ts';
import { ALERT_COLUMN_IDS } from '../../domain/alert-columns.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  header: { display: 'flex', alignItems: 'center' },
});

/** "Select all" in the Time header: checked when every shown row is, mixed when some are. */
function SelectAll({ bulk, shown }: { bulk: BulkRef; shown: string[] }) {
  const checked = useSelector(bulk, (s) => {
    const selected = shown.filter((id) => s.context.selected.includes(id)).length;
    return selected === 0 ? false : selected === shown.length ? true : 'mixed';
  });
  const t = useT();
  return (
    <Checkbox
      aria-label={t('dashboard.selectAll')}
      checked={checked}
      onChange={() => bulk.send(checked === true ? { type: 'selection.none' } : { type: 'selection.all', ids: shown })}
    />
  );
}

type SelectableRowProps = Omit<Parameters<typeof AlertRow>[0], 'selection' | 'onOpen'> & {
  bulk: BulkRef | undefined;
  onOpen: (incident: Incident) => void;
};

const SelectableRow = memo(function SelectableRow({ bulk, onOpen, ...row }: SelectableRowProps) {
  const id = row.incident.id;
  const checked = useSelector(bulk, (s) => s?.context.selected.includes(id) ?? false);
  const selection = bulk && { checked, onToggle: () => bulk.send({ type: 'selection.toggle', id }) };
  return <AlertRow {...row} selection={selection} onOpen={() => onOpen(row.incident)} />;
});

export interface AlertsGridProps {
  /** The rows in view (the table renders a window of the shown ones). */
  rows: readonly Incident[];
  /** Every shown incident's id, for "Select all". */
  shown: string[];
  /** Present when the operator may triage: rows get their checkboxes. */
  bulk: BulkRef | undefined;
  alertIds: Record<string, string>;
  highlightedId?: string;
  onOpen: (incident: Incident) => void;
  body?: RefObject<HTMLTableSectionElement | null>;
  padTop?: number;
  padBottom?: number;
  /** The table's accessible name: `Alerts` unless it is not the page's alerts table. */
  label?: string;
}

export function AlertsGrid({
  rows,
  shown,
  bulk,
  alertIds,
  highlightedId,
  onOpen,
  body,
  padTop = 0,
  padBottom = 0,
  label,
}: AlertsGridProps) {
  const styles = useStyles();
  const t = useT();
  const name = label ?? t('dashboard.alerts');
  return (
    // Focusable, so that a keyboard alone can scroll it sideways on a narrow screen (WCAG 2.1.1).
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('dashboard.scrollable', { label: name })}>
      <Table aria-label={name} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {ALERT_COLUMN_IDS.map((column) => (
              <TableHeaderCell key={column}>
                <span className={styles.header}>
                  {column === 'dashboard.column.time' && bulk && <SelectAll bulk={bulk} shown={shown} />}
                  {t(column)}
                </span>
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody ref={body}>
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {rows.map((incident) => (
            <SelectableRow
              key={incident.id}
              bulk={bulk}
              incident={incident}
              alertId={alertIds[incident.id]}
              highlighted={incident.id === highlightedId}
              onOpen={onOpen}
            />
          ))}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </TableBody>
      </Table>
    </div>
  );
}
