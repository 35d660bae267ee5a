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

export const CREDIT_HELP =
  'Heuristic v1, base 900 minus penalties for incident density (weighted by severity and recency), unresolved ratio, soft alerts ratio, and night-time ratio.';

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
  const bandStyles = useBandStyles();
  const credit = DashboardActor.useSelector((s) => s.context.safetyCredit);
  const band = credit ? scoreBand(credit.score) : undefined;
  return (
    <div
      role="group"
      aria-label="Safety Credit"
      data-band={band}
      className={mergeClasses(styles.box, band && bandStyles[band])}
    >
      <BandIcon band={band} />
      <Text weight="semibold">Safety Credit</Text>
      <Text aria-label="Safety Credit score">{credit ? `${credit.score}/${MAX_SCORE}` : `—/${MAX_SCORE}`}</Text>
      <Tooltip content={CREDIT_HELP} relationship="description">
        <Button appearance="transparent" size="small" icon={<InfoRegular />} aria-label="About the safety credit" />
      </Tooltip>
      <Dialog>
        <DialogTrigger disableButtonEnhancement>
          <Button size="small" disabled={!credit}>
            Breakdown
          </Button>
        </DialogTrigger>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Safety Credit Breakdown</DialogTitle>
            <DialogContent>
              <pre className={styles.raw}>{JSON.stringify(credit, null, 2)}</pre>
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="primary">Close</Button>
              </DialogTrigger>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
