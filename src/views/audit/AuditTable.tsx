import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { AuditEntry } from '../../api/audit.ts';
import { formatTime, orDash } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';

const columnsFor = (clock: ClockStyle): { title: string; cell: (entry: AuditEntry) => string }[] => [
  { title: 'When', cell: (entry) => formatTime(entry.at, clock) },
  { title: 'Actor', cell: (entry) => entry.actor },
  { title: 'Role', cell: (entry) => orDash(entry.role) },
  { title: 'Address', cell: (entry) => orDash(entry.address) },
  { title: 'Action', cell: (entry) => entry.action },
  { title: 'Target', cell: (entry) => orDash(entry.target) },
];

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '760px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

/** The entries as the server sent them: newest first. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const styles = useStyles();
  const columns = columnsFor(useClock());
  return (
    <div className={styles.scroll}>
      <Table aria-label="Audit trail" size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.title}>{column.title}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.seq} title={`Entry ${entry.seq}`}>
              {columns.map((column) => (
                <TableCell key={column.title} className={column.title === 'Target' ? styles.mono : undefined}>
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
