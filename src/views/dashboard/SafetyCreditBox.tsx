import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  mergeClasses,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { DashboardActor } from '../dashboard-actor.ts';
import { MAX_SCORE, scoreBand } from '../../domain/scores.ts';
import { useBandStyles } from '../score-band.ts';
import { BandIcon } from '../BandIcon.tsx';
import { useT } from '../../i18n/useT.ts';

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
      <Dialog>
        <DialogTrigger disableButtonEnhancement>
          <Button size="small" disabled={!credit}>
            {t('dashboard.breakdown')}
          </Button>
        </DialogTrigger>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('dashboard.breakdownTitle')}</DialogTitle>
            <DialogContent>
              <pre className={styles.raw}>{JSON.stringify(credit, null, 2)}</pre>
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="primary">{t('dashboard.close')}</Button>
              </DialogTrigger>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
