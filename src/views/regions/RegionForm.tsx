// Creating or editing one region (issue 31): the statechart keeps the draft and its load, save and conflict
// states; this binds it to the fields, the boundary's map and tools and the page's stream (through the
// dashboard's list).
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useEffect, useMemo, useRef } from 'react';
import type { Region } from '../../api/entities.ts';
import { knownTimeZones } from '../../domain/time-zone.ts';
import { regionFormMachine } from '../../machines/regionFormMachine.ts';
import type { RegionCamera } from '../../map/RegionMap.tsx';
import { loadChunk } from '../chunk-load.ts';
import { DashboardActor, useDark } from '../dashboard-actor.ts';
import { LazyPart } from '../LazyPart.tsx';
import { BoundaryEditor } from './BoundaryEditor.tsx';
import { BoundaryTools } from './BoundaryTools.tsx';
import { ContactsEditor } from './ContactsEditor.tsx';
import { UnitsEditor } from './UnitsEditor.tsx';
import { formatClockSeconds } from '../../i18n/clock.ts';
import { useClock } from '../i18n/clock-context.ts';
import { wordsOf } from '../../i18n/said.ts';
import { useT } from '../../i18n/useT.ts';

const RegionMap = lazy(() => loadChunk(() => import('../../map/RegionMap.tsx')));

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  number: { width: '9em' },
});

/** A number field's text: what the admin typed while it is not a number yet would be lost as NaN. */
const numberFrom = (text: string, fallback: number) =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : fallback;

export function RegionForm({
  regionId,
  onClose,
  logic = regionFormMachine,
}: {
  regionId: string | undefined;
  onClose: (saved: Region | undefined) => void;
  logic?: typeof regionFormMachine;
}) {
  const styles = useStyles();
  const t = useT();
  const clock = useClock();
  const dark = useDark();
  const form = useActorRef(logic, { input: { regionId } });
  const draft = useSelector(form, (s) => s.context.draft);
  const error = useSelector(form, (s) => s.context.error);
  const theirs = useSelector(form, (s) => s.context.theirs);
  const mode = useSelector(form, (s) =>
    s.matches('loading') || s.matches('starting')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('conflict')
          ? 'conflict'
          : s.matches('saving')
            ? 'saving'
            : s.status === 'done'
              ? 'done'
              : 'editing',
  );
  const editingExisting = useSelector(form, (s) => s.context.base !== undefined);
  const drawShape = useSelector(form, (s) => (s.matches({ editing: 'drawing' }) ? s.context.drawShape : undefined));
  const reshaping = useSelector(form, (s) => s.matches({ editing: 'reshaping' }));
  const canSave = useSelector(form, (s) => s.can({ type: 'form.save' }));
  const zones = useMemo(() => knownTimeZones(), []);
  const readCamera = useRef<(() => RegionCamera | undefined) | undefined>(undefined);

  // The page's stream keeps the dashboard's list current: a newer version of this region is another admin's save.
  const seen = DashboardActor.useSelector((s) => s.context.regions.find((region) => region.id === regionId));
  useEffect(() => {
    if (seen) form.send({ type: 'region.seen', region: seen });
  }, [seen, form]);

  useEffect(() => {
    const subscription = form.subscribe((snapshot) => {
      if (snapshot.status === 'done') onClose(snapshot.output?.region);
    });
    return () => subscription.unsubscribe();
  }, [form, onClose]);

  const title = regionId ? t('regions.editTitle', { id: regionId }) : t('regions.new');
  if (mode === 'loading') return <Spinner label={t('regions.loadingRegion', { id: regionId })} />;
  if (mode === 'loadFailed') {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{error && wordsOf(t, error)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => form.send({ type: 'form.retry' })}>{t('regions.retry')}</Button>
          <Button onClick={() => onClose(undefined)}>{t('regions.close')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  const [lat, lng] = draft.homeView.center;
  return (
    <Card className={styles.card} role="form" aria-label={title}>
      <Title3 as="h3">{title}</Title3>
      {mode === 'conflict' && theirs && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            {t('regions.conflict', { name: theirs.name, time: formatClockSeconds(theirs.updatedAt, clock) })}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => form.send({ type: 'conflict.takeTheirs' })}>{t('regions.loadTheirs')}</Button>
            <Button onClick={() => form.send({ type: 'conflict.keepMine' })}>{t('regions.keepMine')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {error && mode === 'editing' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{wordsOf(t, error)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Field label={t('regions.id')} hint={t(editingExisting ? 'regions.idFixed' : 'regions.idRule')}>
          <Input
            value={draft.id}
            disabled={editingExisting}
            onChange={(_, data) => form.send({ type: 'form.change', patch: { id: data.value } })}
          />
        </Field>
        <Field label={t('regions.name')}>
          <Input
            value={draft.name}
            onChange={(_, data) => form.send({ type: 'form.change', patch: { name: data.value } })}
          />
        </Field>
        <Field label={t('regions.timeZone')}>
          <Select
            value={draft.timeZone}
            onChange={(_, data) => form.send({ type: 'form.change', patch: { timeZone: data.value } })}
          >
            {(zones.includes(draft.timeZone) ? zones : [draft.timeZone, ...zones]).map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </Select>
        </Field>
      </div>
      <LazyPart label={t('regions.loadingMap')}>
        <RegionMap
          boundary={draft.boundary}
          home={draft.homeView}
          dark={dark}
          drawShape={drawShape}
          reshaping={reshaping}
          onDrawn={(boundary) => form.send({ type: 'boundary.drawn', boundary })}
          onReshape={(boundary) => form.send({ type: 'boundary.reshape', boundary })}
          cameraRef={readCamera}
        />
      </LazyPart>
      <BoundaryTools form={form} />
      <div className={styles.row} role="group" aria-label={t('regions.homeView')}>
        <Field label={t('regions.homeLatitude')}>
          <Input
            className={styles.number}
            value={String(lat)}
            onChange={(_, data) =>
              form.send({
                type: 'homeView.set',
                homeView: { ...draft.homeView, center: [numberFrom(data.value, lat), lng] },
              })
            }
          />
        </Field>
        <Field label={t('regions.homeLongitude')}>
          <Input
            className={styles.number}
            value={String(lng)}
            onChange={(_, data) =>
              form.send({
                type: 'homeView.set',
                homeView: { ...draft.homeView, center: [lat, numberFrom(data.value, lng)] },
              })
            }
          />
        </Field>
        <Field label={t('regions.homeZoom')}>
          <Input
            className={styles.number}
            value={String(draft.homeView.zoom)}
            onChange={(_, data) =>
              form.send({
                type: 'homeView.set',
                homeView: { ...draft.homeView, zoom: numberFrom(data.value, draft.homeView.zoom) },
              })
            }
          />
        </Field>
        <Button
          onClick={() => {
            const camera = readCamera.current?.();
            if (camera) form.send({ type: 'homeView.set', homeView: camera });
          }}
        >
          {t('regions.useMapView')}
        </Button>
      </div>
      <BoundaryEditor
        boundary={draft.boundary}
        onBoundary={(boundary) => form.send({ type: 'boundary.set', boundary })}
      />
      <ContactsEditor
        contacts={draft.contacts}
        onChange={(index, patch) => form.send({ type: 'contact.change', index, patch })}
        onAdd={() => form.send({ type: 'contact.add' })}
        onRemove={(index) => form.send({ type: 'contact.remove', index })}
      />
      {regionId && <UnitsEditor regionId={regionId} />}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={!canSave} onClick={() => form.send({ type: 'form.save' })}>
          {t(mode === 'saving' ? 'regions.saving' : 'regions.save')}
        </Button>
        <Button onClick={() => onClose(undefined)}>{t('regions.cancel')}</Button>
      </div>
    </Card>
  );
}
