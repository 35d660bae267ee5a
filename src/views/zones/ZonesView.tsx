// The Zones view (issue 31): the map at full height beside the region's zones. Everyone signed in sees the zones
// (viewers and operators read them to place alerts); drawing, editing, deleting and importing are offered only
// to supervisors and up, the role the server's zone writes require. The zones are the dashboard's (fed by the
// page's one stream); the editor's statechart holds only the selection, the draft and the import.
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useMemo } from 'react';
import { startRegionOf, zoneRows } from '../../domain/zone-list.ts';
import { zonesEditorMachine } from '../../machines/zonesEditorMachine.ts';
import type { PreviewZone } from '../../map/zones/ZonesMap.tsx';
import { atLeast, BREAKPOINTS } from '../breakpoints.ts';
import { loadChunk } from '../chunk-load.ts';
import { useSameItems } from '../useSameItems.ts';
import { useUndoKeys } from '../useUndoKeys.ts';
import { DashboardActor, useDark } from '../dashboard-actor.ts';
import { LazyPart } from '../LazyPart.tsx';
import { useMay } from '../session-actor.ts';
import { DeleteZoneDialog } from './DeleteZoneDialog.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { ZoneForm } from './ZoneForm.tsx';
import { ZonesFilters } from './ZonesFilters.tsx';
import { ZonesList } from './ZonesList.tsx';
import { ZonesToolbar } from './ZonesToolbar.tsx';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

const ZonesMap = lazy(() => loadChunk(() => import('../../map/zones/ZonesMap.tsx')));

const TOP_BAR_PX = 48;

const HINTS = {
  polygon: 'zones.hintPolygon',
  rectangle: 'zones.hintRectangle',
  circle: 'zones.hintCircle',
} as const satisfies Record<string, MessageId>;

const useStyles = makeStyles({
  view: {
    display: 'flex',
    flexDirection: 'column',
    [atLeast('md')]: { flexDirection: 'row', height: `calc(100vh - ${TOP_BAR_PX}px)` },
  },
  map: {
    position: 'relative',
    height: '55vh',
    flexShrink: 0,
    [atLeast('md')]: { height: '100%', flexGrow: 1, minWidth: 0 },
  },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    [atLeast('md')]: { flexShrink: 0, overflowY: 'auto', borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
    // Two ranges that do not overlap: Griffel orders media queries as strings, so 1200px would come before 900px.
    [`@media (min-width: ${BREAKPOINTS.md}px) and (max-width: ${BREAKPOINTS.lg - 0.02}px)`]: { width: '440px' },
    // From 1200 px the list's six columns fit without scrolling sideways.
    [atLeast('lg')]: { width: '600px' },
  },
  heading: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { margin: 0 },
  count: { color: tokens.colorNeutralForeground3 },
  hint: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
});

export function ZonesView() {
  const styles = useStyles();
  const t = useT();
  const dashboard = DashboardActor.useActorRef();
  const zones = DashboardActor.useSelector((s) => s.context.geofences);
  // The forms and filters offer region ids; the page keeps whole regions (issue 31).
  const regions = useSameItems(DashboardActor.useSelector((s) => s.context.regions).map((region) => region.id));
  const startRegion = DashboardActor.useSelector((s) => s.context.regionId);
  const dark = useDark();
  const mayEdit = useMay('editZone');
  const editor = useActorRef(
    zonesEditorMachine.provide({
      actions: {
        announceZone: (_, change) => dashboard.send({ type: 'zones.changed', change }),
        announceImport: () => dashboard.send({ type: 'zones.reload' }),
      },
    }),
    { input: { mayEdit, regionId: startRegionOf(startRegion, zones) } },
  );
  const filter = useSelector(editor, (s) => s.context.filter);
  const selectedId = useSelector(editor, (s) => s.context.selectedId);
  const draft = useSelector(editor, (s) => s.context.draft);
  const drawing = useSelector(editor, (s) => (s.matches('drawing') ? s.context.shape : undefined));
  const browsing = useSelector(editor, (s) => s.matches('browsing'));
  const importing = useSelector(editor, (s) => s.matches('importing'));
  const deleting = useSelector(editor, (s) => s.context.deleting);
  const deleteBusy = useSelector(editor, (s) => s.matches('deleting'));
  const writeError = useSelector(editor, (s) => (s.matches('browsing') ? s.context.writeError : undefined));
  const importPreview = useSelector(editor, (s) => s.context.importPreview);
  // A delete refused for a stale version has no draft: its conflict is said here, not in the zone's form.
  const deleteConflict = useSelector(editor, (s) => (s.context.draft ? undefined : s.context.conflict));

  const rows = useMemo(() => zoneRows(zones, filter), [zones, filter]);
  const shownZones = useMemo(() => {
    const shown = new Set(rows.map((row) => row.id));
    return zones.filter((zone) => shown.has(zone.id));
  }, [zones, rows]);
  const selectedZone = useMemo(() => zones.find((zone) => zone.id === selectedId), [zones, selectedId]);
  const previews = useMemo<PreviewZone[]>(
    () =>
      (importPreview?.features ?? []).flatMap((feature) =>
        feature.geofence && feature.action !== 'refused'
          ? [{ geofence: feature.geofence, action: feature.action }]
          : [],
      ),
    [importPreview],
  );

  useUndoKeys(
    () => editor.send({ type: 'draft.undo' }),
    () => editor.send({ type: 'draft.redo' }),
  );

  const mapFallback = <Spinner size="small" label={t('zones.loadingMap')} />;
  return (
    <section className={styles.view} aria-label={t('zones.title')}>
      <div className={styles.map}>
        <LazyPart label={t('zones.loadingMap')} fallback={mapFallback}>
          <ZonesMap
            zones={shownZones}
            selectedId={selectedId}
            editingId={draft?.id}
            draft={draft?.outline}
            drawShape={drawing}
            previews={previews}
            dark={dark}
            onSelect={(id) => editor.send(id ? { type: 'zones.select', id } : { type: 'zones.deselect' })}
            onDrawn={(outline) => editor.send({ type: 'zones.drawn', outline })}
            onReshape={(outline) => editor.send({ type: 'draft.reshape', outline })}
          />
        </LazyPart>
      </div>
      <div className={styles.side}>
        <div className={styles.heading}>
          <Title2 as="h2" className={styles.title}>
            {t('zones.title')}
          </Title2>
          <Text className={styles.count}>{t('zones.shownOf', { shown: rows.length, total: zones.length })}</Text>
        </div>
        <ZonesToolbar
          mayEdit={mayEdit}
          drawing={drawing}
          canDraw={browsing}
          canEditSelected={browsing && selectedZone !== undefined}
          regionId={filter.regionId}
          onDraw={(shape) => editor.send(drawing === shape ? { type: 'draft.cancel' } : { type: 'zones.draw', shape })}
          onEdit={() => selectedZone && editor.send({ type: 'zones.edit', zone: selectedZone })}
          onDelete={() => selectedZone && editor.send({ type: 'zones.delete', zone: selectedZone })}
          onImport={() => editor.send({ type: 'import.open' })}
        />
        {drawing && (
          <div className={styles.hint} role="status" aria-label={t('zones.drawing')}>
            <Text>{t(HINTS[drawing])}</Text>
            <Button onClick={() => editor.send({ type: 'draft.cancel' })}>{t('zones.cancelDrawing')}</Button>
          </div>
        )}
        {draft && <ZoneForm editor={editor} regions={regions} />}
        {importing && <ImportPanel editor={editor} />}
        {writeError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{writeError}</MessageBarBody>
          </MessageBar>
        )}
        {deleteConflict && (
          <MessageBar intent="warning" role="alert" layout="multiline">
            <MessageBarBody>{deleteConflict.sentence}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => editor.send({ type: 'conflict.loadTheirs' })}>{t('zones.loadTheirs')}</Button>
              <Button onClick={() => editor.send({ type: 'draft.cancel' })}>{t('zones.close')}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {!draft && !importing && (
          <>
            <ZonesFilters
              filter={filter}
              regions={regions}
              onChange={(change) => editor.send({ type: 'zones.filter', ...change })}
            />
            <ZonesList
              rows={rows}
              total={zones.length}
              selectedId={selectedId}
              onSelect={(id) => editor.send({ type: 'zones.select', id })}
            />
          </>
        )}
      </div>
      <DeleteZoneDialog
        zone={deleting}
        busy={deleteBusy}
        onConfirm={() => editor.send({ type: 'delete.confirm' })}
        onCancel={() => editor.send({ type: 'delete.cancel' })}
      />
    </section>
  );
}
