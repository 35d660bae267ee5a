import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { AuditEntry } from '../../api/audit.ts';
import { formatTime, orDash } from '../../domain/display.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import { useT } from '../../i18n/useT.ts';

const columnsFor = (clock: ClockStyle): { title: MessageId; cell: (entry: AuditEntry) => string }[] => [
  { title: 'audit.when', cell: (entry) => formatTime(entry.at, clock) },
  { title: 'audit.actor', cell: (entry) => entry.actor },
  { title: 'audit.role', cell: (entry) => orDash(entry.role) },
  { title: 'audit.address', cell: (entry) => orDash(entry.address) },
  { title: 'audit.action', cell: (entry) => entry.action },
  { title: 'audit.target', cell: (entry) => orDash(entry.target) },
];

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '760px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

/** The entries as the server sent them: newest first. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const styles = useStyles();
  const t = useT();
  const columns = columnsFor(useClock());
  return (
    <div className={styles.scroll}>
      <Table aria-label={t('audit.title')} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.title}>{t(column.title)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.seq} title={t('audit.entry', { seq: entry.seq })}>
              {columns.map((column) => (
                <TableCell key={column.title} className={column.title === 'audit.target' ? styles.mono : undefined}>
                  {column.cell(entry)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
