// Wall mode's compact list of open alerts (issue 35): every region's, most pressing first, in large type
// (what, how severe, where, how long ago). Severity reads as a word with an icon, never by colour alone.
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AlertUrgentFilled, InfoRegular, WarningRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { ageLabel, wallAlertsOf, type WallAlert } from '../../domain/wall.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { statusWord } from '../../domain/incident-status.ts';
import { useT } from '../../i18n/useT.ts';

/** As many as fit the height of a 1080-line screen at wall size; the rest are counted. */
export const WALL_LIST_ROWS = 9;
const AGE_TICK_MS = 30_000;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden', gap: tokens.spacingVerticalS },
  heading: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minHeight: 0,
    overflow: 'hidden',
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    borderTopStyle: 'none',
    borderRightStyle: 'none',
    borderBottomStyle: 'none',
    borderLeftWidth: '6px',
    borderLeftStyle: 'solid',
    borderLeftColor: tokens.colorNeutralStroke1,
    cursor: 'pointer',
    color: 'inherit',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textAlign: 'start',
    width: '100%',
  },
  urgent: { borderLeftColor: tokens.colorPaletteRedBorder2, backgroundColor: tokens.colorPaletteRedBackground1 },
  title: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  age: { fontSize: tokens.fontSizeBase400, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  facts: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    gridColumn: '1 / -1',
    alignItems: 'center',
    color: tokens.colorNeutralForeground2,
  },
  severity: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  empty: { color: tokens.colorNeutralForeground2 },
});

function SeverityWord({ alert }: { alert: WallAlert }) {
  const styles = useStyles();
  const t = useT();
  const Icon =
    alert.severity === 'high' ? AlertUrgentFilled : alert.severity === 'medium' ? WarningRegular : InfoRegular;
  return (
    <span className={styles.severity}>
      <Icon aria-hidden />
      {t(`wall.severity.${alert.severity}`)}
    </span>
  );
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function WallAlertList() {
  const styles = useStyles();
  const t = useT();
  const alerts = DashboardActor.useSelector((s) => s.context.incidents, Object.is);
  const { send } = DashboardActor.useActorRef();
  const loading = DashboardActor.useSelector((s) => s.hasTag('loading') && s.context.incidents.length === 0);
  const now = useNow(AGE_TICK_MS);
  const open = wallAlertsOf(alerts, t);
  const shown = open.slice(0, WALL_LIST_ROWS);
  return (
    <section className={styles.panel} aria-labelledby="wall-alerts-heading" data-wall-alerts={open.length}>
      <h2 id="wall-alerts-heading" className={styles.heading}>
        {t('wall.openAlerts', { count: open.length })}
      </h2>
      {open.length === 0 && <Text className={styles.empty}>{loading ? t('wall.loading') : t('wall.none')}</Text>}
      <ul className={styles.list}>
        {shown.map((alert) => (
          <li key={alert.id}>
            <button
              type="button"
              className={mergeClasses(styles.item, alert.urgent && styles.urgent)}
              data-wall-alert={alert.id}
              onClick={() => send({ type: 'incident.show', id: alert.id })}
            >
              <span className={styles.title}>{alert.title}</span>
              <span className={styles.age}>{ageLabel(alert.createdAt, now, t)}</span>
              <span className={styles.facts}>
                <SeverityWord alert={alert} />
                <span>{alert.regionId}</span>
                <span>{statusWord(alert.status, t)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open.length > shown.length && (
        <Text className={styles.empty}>{t('wall.more', { count: open.length - shown.length })}</Text>
      )}
    </section>
  );
}
