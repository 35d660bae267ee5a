import {
  Card,
  CardHeader,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMemo } from 'react';
import { statusOf, visibleIncidents } from '../../machines/incidentFilters.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { AlertRow } from './AlertRow.tsx';

const COLUMNS = ['Time', 'Latitude', 'Longitude', 'Alert ID', 'Incident ID', 'Risk', 'Status', 'Actions'];

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

export function AlertsTable() {
  const styles = useStyles();
  const incidents = DashboardActor.useSelector((s) => s.context.incidents);
  const statuses = DashboardActor.useSelector((s) => s.context.statuses);
  const statusFilter = DashboardActor.useSelector((s) => s.context.statusFilter);
  const search = DashboardActor.useSelector((s) => s.context.search);
  const refs = DashboardActor.useSelector((s) => s.context.incidentRefs);
  const alertIds = DashboardActor.useSelector((s) => s.context.alertIds);
  // The skeleton stands in only until there is something to show; later loads keep the rows.
  const firstLoad = DashboardActor.useSelector((s) => s.hasTag('loading') && s.context.incidents.length === 0);
  const rows = useMemo(
    () => visibleIncidents(incidents, statuses, statusFilter, search),
    [incidents, statuses, statusFilter, search],
  );
  return (
    <Card>
      <CardHeader header={<Text weight="semibold" as="h2">Alerts</Text>} />
      {firstLoad ? (
        <Skeleton aria-label="Loading alerts">
          {[0, 1, 2, 3].map((line) => (
            <SkeletonItem key={line} size={24} />
          ))}
        </Skeleton>
      ) : incidents.length === 0 ? (
        <Text className={styles.empty}>No alerts yet.</Text>
      ) : rows.length === 0 ? (
        <Text className={styles.empty}>No alerts match the status filter and search.</Text>
      ) : (
        <div className={styles.scroll}>
          <Table aria-label="Alerts" size="small" className={styles.table}>
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHeaderCell key={column}>{column}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((incident) => (
                <AlertRow
                  key={incident.id}
                  incident={incident}
                  alertId={alertIds[incident.id]}
                  actor={refs[incident.id]}
                  fallbackStatus={statusOf(incident, statuses)}
                />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
