// The console's last known state on a reload while the server cannot be reached (issue 35): read-only,
// every row marked stale and every action disabled; the live console replaces it once the server answers.
import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { LastKnown } from '../../domain/last-known-state.ts';
import { formatCoordinate, formatTime, orDash } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';
import { riskWord } from '../dashboard/risk-word.ts';
import { statusWord } from '../../domain/incident-status.ts';
import { ALERT_COLUMN_IDS } from '../../domain/alert-columns.ts';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  facts: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  scroll: { overflowX: 'auto' },
  // Greyed and slanted: nobody should read a stale status as today's.
  staleRow: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  staleBadge: { marginInlineStart: tokens.spacingHorizontalXS },
});

export function StaleConsole({ lastKnown, unreachable }: { lastKnown: LastKnown; unreachable: string }) {
  const styles = useStyles();
  const clock = useClock();
  const t = useT();
  return (
    <main className={styles.page} data-stale-console>
      <MessageBar intent="warning" layout="multiline" data-stale-banner>
        <MessageBarBody>
          <MessageBarTitle>{t('signIn.staleBanner', { time: formatTime(lastKnown.savedAt, clock) })}</MessageBarTitle>
          <Text role="alert">{unreachable}</Text>
        </MessageBarBody>
      </MessageBar>
      <div className={styles.facts}>
        <Text>{t('signIn.staleRegion', { region: lastKnown.regionName ?? lastKnown.regionId })}</Text>
        <Text>{t('signIn.staleScore', { score: lastKnown.safetyScore ?? '—' })}</Text>
        <Text>{t('signIn.staleLastMessage', { time: formatTime(lastKnown.lastMessageAt, clock) })}</Text>
      </div>
      <div className={styles.scroll}>
        <Table aria-label={t('signIn.staleTable')} size="small">
          <TableHeader>
            <TableRow>
              {ALERT_COLUMN_IDS.map((column) => (
                <TableHeaderCell key={column}>{t(column)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {lastKnown.rows.map((row) => (
              <TableRow key={row.id} className={styles.staleRow} data-stale>
                <TableCell>
                  {formatTime(row.createdAt, clock)}
                  <Badge className={styles.staleBadge} appearance="outline" color="informative">
                    {t('signIn.staleBadge')}
                  </Badge>
                </TableCell>
                <TableCell>{formatCoordinate(row.latitude)}</TableCell>
                <TableCell>{formatCoordinate(row.longitude)}</TableCell>
                <TableCell>{orDash(row.alertId)}</TableCell>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.riskLevel ? riskWord(row.riskLevel, t) : orDash(row.riskLevel)}</TableCell>
                <TableCell>{t('signIn.staleStatus', { status: statusWord(row.status, t) })}</TableCell>
                <TableCell>
                  <Button size="small" disabled>
                    {t('dashboard.acknowledge')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {lastKnown.rows.length === 0 && <Text>{t('signIn.staleNone')}</Text>}
      </div>
    </main>
  );
}
