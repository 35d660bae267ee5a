// The region's zones as a table (issue 31): name, risk, place, vertices, area, last changed by and when. A click
// (or Enter) on a row selects the zone, which the map then shows; a zone selected on the map is marked here.
// Past 100 rows only the rows in view are rendered (the dashboard's row window).
import {
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { memo, useEffect, useMemo, useRef } from 'react';
import { formatArea, type ZoneRow } from '../../domain/zone-list.ts';
import { useRowWindow } from '../dashboard/useRowWindow.ts';
import { formatDateTime, type ClockStyle } from '../../i18n/clock.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

// Widths by what each column holds: a name and "who · when" need room, a risk or a count little.
const COLUMNS: readonly (readonly [MessageId, string])[] = [
  ['zones.name', '22%'],
  ['zones.risk', '12%'],
  ['zones.place', '16%'],
  ['zones.vertices', '12%'],
  ['zones.area', '12%'],
  ['zones.lastChanged', '26%'],
];

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '560px' },
  row: { cursor: 'pointer' },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  risk: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  red: { backgroundColor: 'rgb(220, 38, 38)' },
  yellow: { backgroundColor: 'rgb(234, 179, 8)' },
  green: { backgroundColor: 'rgb(22, 163, 74)' },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

function changedText(row: ZoneRow, clock: ClockStyle): string {
  if (!row.updatedAt) return '';
  const when = formatDateTime(row.updatedAt, clock);
  return row.updatedBy ? `${row.updatedBy} · ${when}` : when;
}

const ZoneListRow = memo(function ZoneListRow({
  row,
  selected,
  onSelect,
}: {
  row: ZoneRow;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const clock = useClock();
  return (
    <TableRow
      className={mergeClasses(styles.row, selected && styles.selected)}
      aria-selected={selected}
      data-zone-id={row.id}
      tabIndex={0}
      onClick={() => onSelect(row.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(row.id);
        }
      }}
    >
      <TableCell>{row.name || <span className={styles.muted}>{row.id}</span>}</TableCell>
      <TableCell>
        <span className={styles.risk}>
          <span className={mergeClasses(styles.swatch, styles[row.riskLevel])} aria-hidden />
          {t(`zones.risk.${row.riskLevel}`)}
        </span>
      </TableCell>
      <TableCell>{row.placeId}</TableCell>
      <TableCell className={styles.number}>
        {row.circle ? t('zones.circleVertices', { count: row.vertices }) : row.vertices}
      </TableCell>
      <TableCell className={styles.number}>{formatArea(row.areaKm2)}</TableCell>
      <TableCell>{changedText(row, clock)}</TableCell>
    </TableRow>
  );
});

export function ZonesList({
  rows,
  selectedId,
  onSelect,
  total,
}: {
  rows: ZoneRow[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  total: number;
}) {
  const styles = useStyles();
  const t = useT();
  const body = useRef<HTMLTableSectionElement>(null);
  const focusIndex = useMemo(
    () => (selectedId ? rows.findIndex((row) => row.id === selectedId) : -1),
    [rows, selectedId],
  );
  const { start, end, padTop, padBottom } = useRowWindow(rows.length, body, focusIndex);
  // A zone selected on the map scrolls its row into view.
  useEffect(() => {
    if (!selectedId) return;
    body.current?.querySelector(`[data-zone-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, start]);
  if (total === 0) return <Text className={styles.empty}>{t('zones.noneYet')}</Text>;
  if (rows.length === 0) return <Text className={styles.empty}>{t('zones.noMatch')}</Text>;
  return (
    <div className={styles.scroll}>
      <Table aria-label={t('zones.title')} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map(([column, width]) => (
              <TableHeaderCell key={column} style={{ width }}>
                {t(column)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody ref={body}>
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {rows.slice(start, end).map((row) => (
            <ZoneListRow key={row.id} row={row} selected={row.id === selectedId} onSelect={onSelect} />
          ))}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </TableBody>
      </Table>
    </div>
  );
}
