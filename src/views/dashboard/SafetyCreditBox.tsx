import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Text,
  Tooltip,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useState } from 'react';
import { InfoRegular } from '@fluentui/react-icons';
import { DashboardActor } from '../dashboard-actor.ts';
import { MAX_SCORE, scoreBand } from '../../domain/scores.ts';
import { useBandStyles } from '../score-band.ts';
import { BandIcon } from '../BandIcon.tsx';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

/** `812/1000`, or `—/1000` before the first answer: numbers and signs only. */
const outOfMax = (score: number | undefined) => `${score ?? '—'}/${MAX_SCORE}`;

const useStyles = makeStyles({
  box: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  raw: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    maxHeight: '60vh',
    overflowY: 'auto',
    margin: 0,
  },
});

export function SafetyCreditBox() {
  const styles = useStyles();
  const t = useT();
  const bandStyles = useBandStyles();
  const credit = DashboardActor.useSelector((s) => s.context.safetyCredit);
  const band = credit ? scoreBand(credit.score) : undefined;
  const [breakdownOpen, setBreakdownOpen] = useState(false);
  const restoreFocusHere = useRestoreFocusTarget();
  return (
    <div
      role="group"
      aria-label={t('dashboard.credit')}
      data-band={band}
      className={mergeClasses(styles.box, band && bandStyles[band])}
    >
      <BandIcon band={band} />
      <Text weight="semibold">{t('dashboard.credit')}</Text>
      <Text aria-label={t('dashboard.creditScore')}>{outOfMax(credit?.score)}</Text>
      <Tooltip content={t('dashboard.creditHelp')} relationship="description">
        <Button appearance="transparent" size="small" icon={<InfoRegular />} aria-label={t('dashboard.creditAbout')} />
      </Tooltip>
      <Button size="small" disabled={!credit} {...restoreFocusHere} onClick={() => setBreakdownOpen(true)}>
        {t('dashboard.breakdown')}
      </Button>
      <WhileOpen open={breakdownOpen}>
        <Dialog open onOpenChange={(_, data) => setBreakdownOpen(data.open)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('dashboard.breakdownTitle')}</DialogTitle>
              <DialogContent>
                <pre className={styles.raw}>{JSON.stringify(credit, null, 2)}</pre>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => setBreakdownOpen(false)}>
                  {t('dashboard.close')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </WhileOpen>
    </div>
  );
}
