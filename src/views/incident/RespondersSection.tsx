// The drawer's Responders section (issue 34): the nearest units (straight-line distance, bearing and estimate,
// a number to call, a Dispatch button for operators) and each dispatch with its next steps.
import {
  Button,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Dispatch } from '../../api/responders.ts';
import { nextSteps } from '../../domain/dispatch-steps.ts';
import { formatTime } from '../../domain/display.ts';
import { formatDistance } from '../../domain/display.ts';
import { formatEstimate } from '../../domain/responders.ts';
import type { respondersMachine } from '../../machines/respondersMachine.ts';
import { DispatchDialog } from './DispatchDialog.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

export type RespondersRef = ActorRefFrom<typeof respondersMachine>;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  unavailable: { color: tokens.colorNeutralForegroundDisabled },
  dispatches: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  steps: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

const SPACE = ' ';
const bearing = (unit: { bearingDeg: number; compass: string }) => `${unit.bearingDeg}° ${unit.compass}`;

function DispatchRow({
  responders,
  dispatch,
  mayWrite,
}: {
  responders: RespondersRef;
  dispatch: Dispatch;
  mayWrite: boolean;
}) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const [note, setNote] = useState('');
  const writing = useSelector(responders, (s) => s.hasTag('writing') || s.hasTag('loading'));
  const steps = nextSteps(dispatch.state);
  const times = [
    t('responders.dispatchedAt', { time: formatTime(dispatch.dispatchedAt, clock), by: dispatch.dispatchedBy }),
  ];
  if (dispatch.onSceneAt) times.push(t('responders.onSceneAt', { time: formatTime(dispatch.onSceneAt, clock) }));
  if (dispatch.closedAt)
    times.push(t('responders.closedAt', { state: dispatch.state, time: formatTime(dispatch.closedAt, clock) }));
  const heading = `${dispatch.unitName}: ${t('responders.state', { state: dispatch.state })}`;
  const when = `(${times.join(', ')})`;
  return (
    <li aria-label={t('responders.dispatchOf', { name: dispatch.unitName })}>
      <Text weight="semibold">{heading}</Text>
      {SPACE}
      <Text>{when}</Text>
      {mayWrite && steps.length > 0 && (
        <div className={styles.steps}>
          <Input
            size="small"
            aria-label={t('responders.noteFor', { name: dispatch.unitName })}
            placeholder={t('responders.noteOptional')}
            value={note}
            onChange={(_, data) => setNote(data.value)}
          />
          {steps.map((step) => (
            <Button
              key={step}
              size="small"
              disabled={writing}
              onClick={() =>
                responders.send({
                  type: 'dispatch.step',
                  dispatchId: dispatch.id,
                  step,
                  ...(note.trim() && { note: note.trim() }),
                })
              }
            >
              {t('responders.state', { state: step })}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

export function RespondersSection({ responders, mayWrite }: { responders: RespondersRef; mayWrite: boolean }) {
  const styles = useStyles();
  const t = useT();
  const nearest = useSelector(responders, (s) => s.context.nearest);
  const dispatches = useSelector(responders, (s) => s.context.dispatches);
  const error = useSelector(responders, (s) => s.context.error);
  const failed = useSelector(responders, (s) => s.matches('failed'));
  const loading = useSelector(responders, (s) => s.hasTag('loading'));
  const dialogOpen = useSelector(responders, (s) => s.matches('dialog'));
  const sending = useSelector(responders, (s) => s.matches({ dialog: 'sending' }));
  const chosenUnitId = useSelector(responders, (s) => s.context.chosenUnitId);
  const mayDispatch = useSelector(responders, (s) => s.can({ type: 'dispatch.open' }));
  return (
    <section className={styles.section} aria-label={t('responders.title')}>
      <Text weight="semibold" as="h3" block>
        {t('responders.title')}
      </Text>
      {loading && nearest.length === 0 && <Spinner size="tiny" label={t('responders.loading')} />}
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('responders.failed')}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => responders.send({ type: 'responders.refresh' })}>
              {t('incident.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {nearest.length > 0 && (
        <Table size="small" aria-label={t('responders.nearest')}>
          <TableHeader>
            <TableRow>
              {(
                [
                  'responders.unit',
                  'responders.kind',
                  'responders.distance',
                  'responders.bearing',
                  'responders.estimate',
                  'responders.phone',
                ] as const
              ).map((title) => (
                <TableHeaderCell key={title}>{t(title)}</TableHeaderCell>
              ))}
              {mayWrite && <TableHeaderCell />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {nearest.map((unit) => (
              <TableRow key={unit.id} className={unit.available ? undefined : styles.unavailable}>
                <TableCell>{unit.available ? unit.name : t('responders.unavailable', { name: unit.name })}</TableCell>
                <TableCell>{t('responders.kindName', { kind: unit.kind })}</TableCell>
                <TableCell>{formatDistance(unit.distanceM)}</TableCell>
                <TableCell>{bearing(unit)}</TableCell>
                <TableCell title={t('responders.estimateHint')}>{formatEstimate(unit.estimateS)}</TableCell>
                <TableCell>
                  <PhoneLink phone={unit.phone} />
                </TableCell>
                {mayWrite && (
                  <TableCell>
                    <Button
                      size="small"
                      aria-label={t('responders.dispatchNamed', { name: unit.name })}
                      disabled={!mayDispatch}
                      onClick={() => responders.send({ type: 'dispatch.open', unitId: unit.id })}
                    >
                      {t('responders.dispatch')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {mayWrite && (
        <Button disabled={!mayDispatch} onClick={() => responders.send({ type: 'dispatch.open' })}>
          {t('responders.dispatchAUnitMore')}
        </Button>
      )}
      {dispatches.length > 0 && (
        <ol className={styles.dispatches} aria-label={t('responders.dispatches')}>
          {dispatches.map((dispatch) => (
            <DispatchRow key={dispatch.id} responders={responders} dispatch={dispatch} mayWrite={mayWrite} />
          ))}
        </ol>
      )}
      {error && !dialogOpen && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {dialogOpen && (
        <DispatchDialog
          nearest={nearest}
          chosenUnitId={chosenUnitId}
          busy={sending}
          error={error}
          onDispatch={(choice) => responders.send({ type: 'dispatch.confirm', choice })}
          onCancel={() => responders.send({ type: 'dispatch.cancel' })}
        />
      )}
    </section>
  );
}
