import { Button, Checkbox, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { Region } from '../../api/entities.ts';
import { TIME_WINDOWS } from '../../domain/preferences.ts';
import { DashboardActor, useTestAlert } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';
import { useExportCsv } from './useExportCsv.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  select: { minWidth: '150px' },
});

/** A region's edit (its contacts) changes no option of the selector. */
const sameRegionIds = (a: readonly Region[], b: readonly Region[]) =>
  a.length === b.length && a.every((region, i) => region.id === b[i].id);

export function Controls() {
  const styles = useStyles();
  const t = useT();
  const { send } = DashboardActor.useActorRef();
  const regions = DashboardActor.useSelector((s) => s.context.regions, sameRegionIds).map((region) => region.id);
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const windowMinutes = DashboardActor.useSelector((s) => s.context.windowMinutes);
  const loading = DashboardActor.useSelector((s) => s.hasTag('loading'));
  const { testAlert, armed } = useTestAlert();
  const exportCsv = useExportCsv();
  const maySeed = useMay('seedGeofence');
  const seedFailure = DashboardActor.useSelector((s) => s.context.seedFailure);
  // The spec's popup for a refused seed: the machine keeps the server's reason, the page words it, once per refusal
  // (a language switch while it is kept does not pop it up again).
  const alerted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (seedFailure === alerted.current) return;
    alerted.current = seedFailure;
    if (seedFailure) window.alert(t('dashboard.seedFailed', { error: seedFailure }));
  }, [seedFailure, t]);
  const mayExport = useMay('exportCsv');
  const mayTestAlert = useMay('testAlert');
  // A stored region the backend no longer lists stays selectable rather than silently changing.
  const regionOptions = ['all', ...regions, ...(regionId === 'all' || regions.includes(regionId) ? [] : [regionId])];
  return (
    <div className={styles.controls} role="group" aria-label={t('dashboard.controls')}>
      <Field label={t('dashboard.region')} className={styles.select}>
        <Select value={regionId} onChange={(_, data) => send({ type: 'region.select', regionId: data.value })}>
          {regionOptions.map((id) => (
            <option key={id} value={id}>
              {id === 'all' ? t('dashboard.allRegions') : id}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('dashboard.timeWindow')} className={styles.select}>
        <Select
          value={String(windowMinutes)}
          onChange={(_, data) => send({ type: 'window.select', minutes: Number(data.value) })}
        >
          {TIME_WINDOWS.map(({ minutes }) => (
            <option key={minutes} value={minutes}>
              {t(minutes === 0 ? 'dashboard.window.all' : `dashboard.window.${minutes}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Button appearance="primary" onClick={() => send({ type: 'dashboard.refresh' })}>
        {loading ? t('dashboard.refreshing') : t('dashboard.refresh')}
      </Button>
      {maySeed && <Button onClick={() => send({ type: 'geofence.seed' })}>{t('dashboard.seedGeofence')}</Button>}
      {mayExport && <Button onClick={exportCsv}>{t('dashboard.exportCsv')}</Button>}
      {mayTestAlert && (
        <Checkbox
          label={t('dashboard.testAlertMode')}
          checked={armed}
          onChange={() => testAlert?.send({ type: 'testAlert.toggle' })}
        />
      )}
    </div>
  );
}
