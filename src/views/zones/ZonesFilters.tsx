// Which zones the list and the map show: a region (or all), a risk (or all), and a search over name, id and place.
import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { ZoneListFilter } from '../../domain/zone-list.ts';
import { riskLevels } from '../../api/fields.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  search: { flexGrow: 1, minWidth: '160px' },
});

export function ZonesFilters({
  filter,
  regions,
  onChange,
}: {
  filter: ZoneListFilter;
  regions: string[];
  onChange: (change: Partial<ZoneListFilter>) => void;
}) {
  const styles = useStyles();
  const t = useT();
  return (
    <div className={styles.bar}>
      <Field label={t('zones.region')} size="small">
        <Select size="small" value={filter.regionId} onChange={(_, data) => onChange({ regionId: data.value })}>
          <option value="all">{t('zones.allRegions')}</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('zones.risk')} size="small">
        <Select
          size="small"
          value={filter.risk}
          onChange={(_, data) => onChange({ risk: data.value as ZoneListFilter['risk'] })}
        >
          <option value="all">{t('zones.allRisks')}</option>
          {riskLevels.map((risk) => (
            <option key={risk} value={risk}>
              {t(`zones.risk.${risk}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('zones.search')} size="small" className={styles.search}>
        <Input
          size="small"
          contentBefore={<SearchRegular />}
          value={filter.search}
          placeholder={t('zones.searchPlaceholder')}
          onChange={(_, data) => onChange({ search: data.value })}
        />
      </Field>
    </div>
  );
}
