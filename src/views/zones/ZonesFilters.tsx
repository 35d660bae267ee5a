// Which zones the list and the map show: a region (or all), a risk (or all), and a search over name, id and place.
import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { ZoneListFilter } from '../../domain/zone-list.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  search: { flexGrow: 1, minWidth: '160px' },
});

export function ZonesFilters({ filter, regions, onChange }: { filter: ZoneListFilter; regions: string[]; onChange: (change: Partial<ZoneListFilter>) => void }) {
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Field label="Region" size="small">
        <Select size="small" value={filter.regionId} onChange={(_, data) => onChange({ regionId: data.value })}>
          <option value="all">All regions</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Risk" size="small">
        <Select size="small" value={filter.risk} onChange={(_, data) => onChange({ risk: data.value as ZoneListFilter['risk'] })}>
          <option value="all">All</option>
          <option value="red">red</option>
          <option value="yellow">yellow</option>
          <option value="green">green</option>
        </Select>
      </Field>
      <Field label="Search zones" size="small" className={styles.search}>
        <Input size="small" contentBefore={<SearchRegular />} value={filter.search} placeholder="Name, id or place" onChange={(_, data) => onChange({ search: data.value })} />
      </Field>
    </div>
  );
}
