import { Card, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { lazy, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import { visibleIncidents } from '../../domain/incident-filters.ts';
import { tableIncidentsOf } from '../../domain/incident-records.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { SessionActor, useMay } from '../session-actor.ts';
import { usePhoneLayout } from '../shell/useMediaQuery.ts';
import { AlertCards } from './AlertCards.tsx';
import { AlertsGrid } from './AlertsGrid.tsx';
import { FirstAlertRehearsal } from './FirstAlertRehearsal.tsx';
import { BulkBar, type BulkRef } from './BulkBar.tsx';
import { CardTitle } from './CardTitle.tsx';
import { useRowWindow } from './useRowWindow.ts';
import { endFirstPaint } from '../../first-paint/handover.ts';
import { loadChunk } from '../chunk-load.ts';
import { LazyPart } from '../LazyPart.tsx';
import type { DetailsRef } from '../incident/details-ref.ts';
import { useT } from '../../i18n/useT.ts';

// Opened by a click on a row: not needed for the first paint.
const IncidentDrawer = lazy(() =>
  loadChunk(() => import('../incident/IncidentDrawer.tsx')).then((m) => ({ default: m.IncidentDrawer })),
);

const useStyles = makeStyles({
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

/** `highlightedId`: the incident the operator asked to see (the panic bar's Show); its row is marked. */
export function AlertsTable({ highlightedId }: { highlightedId?: string } = {}) {
  const styles = useStyles();
  const t = useT();
  const dashboard = DashboardActor.useActorRef();
  // A child of the dashboard: its answers go to the dashboard's records of the incidents.
  const bulk = DashboardActor.useSelector((s) => s.children.bulkTriage as BulkRef);
  // Bulk triage is offered to whoever may acknowledge, as the rows' own buttons.
  const mayTriage = useMay('acknowledge');
  // With sign-in off the session's user is `anonymous`: the drawer's assignments are made in that name.
  const user = SessionActor.useSelector((s) => s.context.user?.username ?? 'anonymous');
  const details = DashboardActor.useSelector((s) => s.children.details as DetailsRef | undefined);
  const openedId = DashboardActor.useSelector((s) => s.context.openedId);
  const incidents = DashboardActor.useSelector((s) => tableIncidentsOf(s.context));
  const statusFilter = DashboardActor.useSelector((s) => s.context.statusFilter);
  const search = DashboardActor.useSelector((s) => s.context.search);
  const alertIds = DashboardActor.useSelector((s) => s.context.alertIds);
  // The skeleton stands in only until there is something to show; later loads keep the rows.
  const firstLoad = DashboardActor.useSelector((s) => s.hasTag('loading') && s.context.tableIds.size === 0);
  const rows = useMemo(() => visibleIncidents(incidents, statusFilter, search), [incidents, statusFilter, search]);
  // Once this table has its first answer (or its error), it replaces the first paint, before the browser paints.
  useLayoutEffect(() => {
    if (!firstLoad) endFirstPaint();
  }, [firstLoad]);
  const shown = useMemo(() => rows.map((incident) => incident.id), [rows]);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusIndex = useMemo(() => (highlightedId ? shown.indexOf(highlightedId) : -1), [shown, highlightedId]);
  const { start, end, padTop, padBottom } = useRowWindow(rows.length, body, focusIndex);
  const rendered = useMemo(() => rows.slice(start, end), [rows, start, end]);
  const mayPause = useMay('pauseWatch');
  const phone = usePhoneLayout();
  const focusedId = DashboardActor.useSelector((s) => s.context.focus?.id);
  const [openDetails] = useState(
    () => (incident: Incident) => dashboard.send({ type: 'details.open', incident, user, mayPause }),
  );
  return (
    // The skip link's target (Shell): focusable by it, not by Tab.
    <Card id="alerts" tabIndex={-1}>
      <CardTitle title={t('dashboard.alerts')} />
      {mayTriage && rows.length > 0 && !phone && <BulkBar bulk={bulk} shown={shown} />}
      {firstLoad ? (
        <Skeleton aria-label={t('dashboard.loadingAlerts')}>
          {[0, 1, 2, 3].map((line) => (
            <SkeletonItem key={line} size={24} />
          ))}
        </Skeleton>
      ) : incidents.length === 0 ? (
        <>
          <Text className={styles.empty}>{t('dashboard.noAlerts')}</Text>
          <FirstAlertRehearsal bulk={mayTriage ? bulk : undefined} />
        </>
      ) : rows.length === 0 ? (
        <Text className={styles.empty}>{t('dashboard.noMatch')}</Text>
      ) : phone ? (
        <AlertCards rows={rows} focusedId={focusedId} onOpen={openDetails} />
      ) : (
        <AlertsGrid
          rows={rendered}
          shown={shown}
          bulk={mayTriage ? bulk : undefined}
          alertIds={alertIds}
          highlightedId={highlightedId}
          onOpen={openDetails}
          body={body}
          padTop={padTop}
          padBottom={padBottom}
        />
      )}
      {/* The drawer is the dashboard's child: the page's one stream and its records keep it current. */}
      {details && openedId && (
        <LazyPart label={t('dashboard.loadingIncident')}>
          <IncidentDrawer key={openedId} details={details} onClose={() => dashboard.send({ type: 'details.close' })} />
        </LazyPart>
      )}
    </Card>
  );
}
