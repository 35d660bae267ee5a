import { Field, makeStyles, SearchBox, Select, Text, tokens } from '@fluentui/react-components';
import type { StatusFilter } from '../../domain/incident-filters.ts';
import { DashboardActor, useConnectionState } from '../dashboard-actor.ts';
import { atLeast } from '../breakpoints.ts';
import { useT } from '../../i18n/useT.ts';
import type { MessageId } from '../../i18n/catalogue.ts';

const STATUS_OPTIONS: { value: StatusFilter; label: MessageId }[] = [
  { value: 'all', label: 'dashboard.filter.all' },
  { value: 'open', label: 'dashboard.filter.open' },
  { value: 'acknowledged', label: 'dashboard.filter.acknowledged' },
  { value: 'resolved', label: 'dashboard.filter.resolved' },
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
  const t = useT();
  const { send } = DashboardActor.useActorRef();
  const statusFilter = DashboardActor.useSelector((s) => s.context.statusFilter);
  const search = DashboardActor.useSelector((s) => s.context.search);
  const connection = useConnectionState();
  return (
    <div className={styles.bar}>
      <Field label={t('dashboard.filter.status')}>
        <Select
          value={statusFilter}
          onChange={(_, data) => send({ type: 'filter.status', status: data.value as StatusFilter })}
        >
          {STATUS_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('dashboard.filter.search')}>
        <SearchBox
          placeholder={t('dashboard.filter.searchHint')}
          value={search}
          onChange={(_, data) => send({ type: 'filter.search', text: data.value })}
        />
      </Field>
      <Text className={styles.live} role="status">
        {t(connection === 'connected' ? 'dashboard.live' : 'dashboard.liveFallback', {
          state: t(`connection.${connection}`),
        })}
      </Text>
    </div>
  );
}
