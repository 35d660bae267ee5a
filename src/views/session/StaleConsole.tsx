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
import type { ClockStyle } from '../../i18n/clock.ts';
import { useClock } from '../i18n/clock-context.ts';

export const staleBanner = (savedAt: string, clock: ClockStyle) => `Offline: showing the last known state from ${formatTime(savedAt, clock)}. Nothing here is live.`;

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
});

export function StaleConsole({ lastKnown, unreachable }: { lastKnown: LastKnown; unreachable: string }) {
  const styles = useStyles();
  const clock = useClock();
  return (
    <main className={styles.page} data-stale-console>
      <MessageBar intent="warning" layout="multiline" data-stale-banner>
        <MessageBarBody>
          <MessageBarTitle>{staleBanner(lastKnown.savedAt, clock)}</MessageBarTitle>
          <Text role="alert">{unreachable}</Text>
        </MessageBarBody>
      </MessageBar>
      <div className={styles.facts}>
        <Text>Region: {lastKnown.regionName ?? lastKnown.regionId}</Text>
        <Text>Safety score (stale): {lastKnown.safetyScore ?? '—'}</Text>
        <Text>Last live message: {formatTime(lastKnown.lastMessageAt, clock)}</Text>
      </div>
      <div className={styles.scroll}>
        <Table aria-label="Alerts as last known (stale)" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Time</TableHeaderCell>
              <TableHeaderCell>Latitude</TableHeaderCell>
              <TableHeaderCell>Longitude</TableHeaderCell>
              <TableHeaderCell>Alert ID</TableHeaderCell>
              <TableHeaderCell>Incident ID</TableHeaderCell>
              <TableHeaderCell>Risk</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lastKnown.rows.map((row) => (
              <TableRow key={row.id} className={styles.staleRow} data-stale>
                <TableCell>
                  {formatTime(row.createdAt, clock)} <Badge appearance="outline" color="informative">stale</Badge>
                </TableCell>
                <TableCell>{formatCoordinate(row.latitude)}</TableCell>
                <TableCell>{formatCoordinate(row.longitude)}</TableCell>
                <TableCell>{orDash(row.alertId)}</TableCell>
                <TableCell>{row.id}</TableCell>
                <TableCell>{orDash(row.riskLevel)}</TableCell>
                <TableCell>{row.status} (as last known)</TableCell>
                <TableCell>
                  <Button size="small" disabled>
                    Acknowledge
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {lastKnown.rows.length === 0 && <Text>No alerts were shown.</Text>}
      </div>
    </main>
  );
}
