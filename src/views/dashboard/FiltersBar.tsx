import { Field, makeStyles, SearchBox, Select, Text, tokens } from '@fluentui/react-components';
import type { StatusFilter } from '../../domain/incident-filters.ts';
import { DashboardActor, useConnectionState } from '../dashboard-actor.ts';
import { atLeast } from '../breakpoints.ts';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
];

const useStyles = makeStyles({
  bar: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    [atLeast('sm')]: { gridTemplateColumns: 'minmax(160px, 220px) minmax(200px, 1fr)' },
    [atLeast('md')]: { gridTemplateColumns: 'minmax(160px, 220px) minmax(200px, 360px) 1fr' },
  },
  live: { color: tokens.colorNeutralForeground2 },
});

export function FiltersBar() {
  const styles = useStyles();
  const { send } = DashboardActor.useActorRef();
  const statusFilter = DashboardActor.useSelector((s) => s.context.statusFilter);
  const search = DashboardActor.useSelector((s) => s.context.search);
  const connection = useConnectionState();
  return (
    <div className={styles.bar}>
      <Field label="Status">
        <Select
          value={statusFilter}
          onChange={(_, data) => send({ type: 'filter.status', status: data.value as StatusFilter })}
        >
          {STATUS_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Search">
        <SearchBox
          placeholder="id, region, risk or status"
          value={search}
          onChange={(_, data) => send({ type: 'filter.search', text: data.value })}
        />
      </Field>
      <Text className={styles.live} role="status">
        {`Live updates: ${connection}`}
        {connection !== 'connected' && ' (fallback to polling)'}
      </Text>
    </div>
  );
}
