import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectedShown, type bulkTriageMachine } from '../../machines/bulkTriageMachine.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

export type BulkRef = ActorRefFrom<typeof bulkTriageMachine>;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    paddingBottom: tokens.spacingVerticalS,
  },
  count: { color: tokens.colorNeutralForeground3 },
});

/** Acknowledge or resolve the selected rows in one request; resolving confirms with the count first. */
export function BulkBar({ bulk, shown }: { bulk: BulkRef; shown: string[] }) {
  const styles = useStyles();
  const t = useT();
  const count = useSelector(bulk, (s) => selectedShown(s.context.selected, shown).length);
  const acting = useSelector(bulk, (s) => s.hasTag('acting'));
  const confirming = useSelector(bulk, (s) => s.matches('confirmingResolve'));
  const pending = useSelector(bulk, (s) => s.context.pending.length);
  const report = useSelector(bulk, (s) => s.context.report);
  const error = useSelector(bulk, (s) => s.context.error);
  return (
    <div className={styles.bar}>
      <Button
        size="small"
        disabled={count === 0 || acting}
        onClick={() => bulk.send({ type: 'bulk.acknowledge', shown })}
      >
        {t('dashboard.bulk.acknowledge')}
      </Button>
      <Button size="small" disabled={count === 0 || acting} onClick={() => bulk.send({ type: 'bulk.resolve', shown })}>
        {t('dashboard.bulk.resolve')}
      </Button>
      <Text className={styles.count}>
        {acting ? t('dashboard.bulk.working') : t('dashboard.bulk.selected', { count })}
      </Text>
      {report && (
        <Text role="status" aria-label={t('dashboard.bulk.result')}>
          {t(report.id, report.values)}
        </Text>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <WhileOpen open={confirming}>
        <Dialog open onOpenChange={(_, data) => data.open || bulk.send({ type: 'bulk.cancel' })}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('dashboard.bulk.confirmTitle', { count: pending })}</DialogTitle>
              <DialogContent>{t('dashboard.bulk.confirmText')}</DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => bulk.send({ type: 'bulk.confirm' })}>
                  {t('dashboard.bulk.confirm', { count: pending })}
                </Button>
                <Button onClick={() => bulk.send({ type: 'bulk.cancel' })}>{t('dashboard.cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </WhileOpen>
    </div>
  );
}
