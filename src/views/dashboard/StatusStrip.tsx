import { Badge, Button, makeStyles, Switch, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { DashboardActor, useConnectionState, useDark, useDevPanelShown } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';
import { ConnectionBadge } from '../shell/ConnectionBadge.tsx';
import { PlaceSelector } from './PlaceSelector.tsx';
import { SafetyCreditBox } from './SafetyCreditBox.tsx';
import { useExportCsv } from './useExportCsv.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  strip: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  group: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function StatusStrip() {
  const styles = useStyles();
  const t = useT();
  const { send } = DashboardActor.useActorRef();
  const dbMode = DashboardActor.useSelector((s) => s.context.dbMode);
  const liveGps = DashboardActor.useSelector((s) => s.matches({ liveGps: 'on' }));
  const fitGps = DashboardActor.useSelector((s) => s.matches({ fitGps: 'on' }));
  const exportCsv = useExportCsv();
  const mayExport = useMay('exportCsv');
  return (
    <div className={styles.strip}>
      <PlaceSelector />
      <SafetyCreditBox />
      <div className={styles.group} role="group" aria-label={t('dashboard.strip.status')}>
        <ConnectionBadge state={useConnectionState()} />
        <Badge appearance="outline" color="informative">
          {t('dashboard.strip.db', { mode: dbMode })}
        </Badge>
      </div>
      <div className={styles.group} role="group" aria-label={t('dashboard.strip.actions')}>
        <Tooltip content={t('dashboard.strip.refreshAll')} relationship="label">
          <Button icon={<ArrowSyncRegular />} onClick={() => send({ type: 'dashboard.refreshAll' })} />
        </Tooltip>
        {mayExport && (
          <Tooltip content={t('dashboard.strip.downloadCsv')} relationship="label">
            <Button icon={<ArrowDownloadRegular />} onClick={exportCsv} />
          </Tooltip>
        )}
      </div>
      <div className={styles.group} role="group" aria-label={t('dashboard.strip.toggles')}>
        <Switch label={t('dashboard.strip.dark')} checked={useDark()} onChange={() => send({ type: 'theme.toggle' })} />
        <Switch
          label={t('dashboard.strip.dev')}
          checked={useDevPanelShown()}
          onChange={() => send({ type: 'dev.toggle' })}
        />
        <Switch
          label={t('dashboard.strip.liveGps')}
          checked={liveGps}
          onChange={() => send({ type: 'liveGps.toggle' })}
        />
        <Switch label={t('dashboard.strip.fitGps')} checked={fitGps} onChange={() => send({ type: 'fitGps.toggle' })} />
      </div>
    </div>
  );
}
