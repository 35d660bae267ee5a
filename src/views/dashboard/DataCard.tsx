// A titled card with an optional Refresh button and a small read-only table.
import {
  Button,
  Card,
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
import { CardTitle } from './CardTitle.tsx';
import { useT } from '../../i18n/useT.ts';

export interface Column<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
}

const useStyles = makeStyles({
  card: { minWidth: 0 },
  scroll: { overflowX: 'auto', maxHeight: '420px', overflowY: 'auto' },
  empty: { padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});

export function DataCard<Row>({
  title,
  columns,
  rows,
  rowKey,
  emptyText,
  onRefresh,
  extraAction,
}: {
  title: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  emptyText: string;
  onRefresh?: () => void;
  /** Another action beside Refresh in the title. */
  extraAction?: ReactNode;
}) {
  const styles = useStyles();
  const t = useT();
  return (
    <Card className={styles.card}>
      <CardTitle
        title={title}
        action={
          <>
            {extraAction}
            {onRefresh && (
              <Button size="small" aria-label={t('dashboard.refreshCard', { title })} onClick={onRefresh}>
                {t('dashboard.refresh')}
              </Button>
            )}
          </>
        }
      />
      {rows.length === 0 ? (
        <Text className={styles.empty}>{emptyText}</Text>
      ) : (
        // Focusable, so that a keyboard alone can scroll it (WCAG 2.1.1).
        <div
          className={styles.scroll}
          tabIndex={0}
          role="region"
          aria-label={t('dashboard.scrollable', { label: title })}
        >
          <Table aria-label={title} size="extra-small">
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHeaderCell key={column.title}>{column.title}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <TableCell key={column.title}>{column.cell(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
