// The drawer's Responders section (issue 34): the nearest units (straight-line distance, bearing and estimate,
// a number to call, a Dispatch button for operators) and each dispatch with its next steps.
import {
  Button, Input, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader,
  TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { UNIT_KIND_LABELS, type Dispatch } from '../../api/responders.ts';
import { nextSteps, STATE_LABELS, STEP_LABELS } from '../../domain/dispatch-steps.ts';
import { formatTime } from '../../domain/display.ts';
import { formatDistance, formatEstimate } from '../../domain/responders.ts';
import type { respondersMachine } from '../../machines/respondersMachine.ts';
import { DispatchDialog } from './DispatchDialog.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { useClock } from '../i18n/clock-context.ts';

export type RespondersRef = ActorRefFrom<typeof respondersMachine>;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  unavailable: { color: tokens.colorNeutralForegroundDisabled },
  dispatches: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  steps: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

function DispatchRow({ responders, dispatch, mayWrite }: { responders: RespondersRef; dispatch: Dispatch; mayWrite: boolean }) {
  const clock = useClock();
  const styles = useStyles();
  const [note, setNote] = useState('');
  const writing = useSelector(responders, (s) => s.hasTag('writing') || s.hasTag('loading'));
  const steps = nextSteps(dispatch.state);
  const times = [`dispatched ${formatTime(dispatch.dispatchedAt, clock)} by ${dispatch.dispatchedBy}`];
  if (dispatch.onSceneAt) times.push(`on scene ${formatTime(dispatch.onSceneAt, clock)}`);
  if (dispatch.closedAt) times.push(`${STATE_LABELS[dispatch.state].toLowerCase()} ${formatTime(dispatch.closedAt, clock)}`);
  return (
    <li aria-label={`Dispatch of ${dispatch.unitName}`}>
      <Text weight="semibold">{`${dispatch.unitName}: ${STATE_LABELS[dispatch.state]}`}</Text> <Text>{`(${times.join(', ')})`}</Text>
      {mayWrite && steps.length > 0 && (
        <div className={styles.steps}>
          <Input size="small" aria-label={`Note for ${dispatch.unitName}`} placeholder="Note (optional)" value={note} onChange={(_, data) => setNote(data.value)} />
          {steps.map((step) => (
            <Button
              key={step}
              size="small"
              disabled={writing}
              onClick={() => responders.send({ type: 'dispatch.step', dispatchId: dispatch.id, step, ...(note.trim() && { note: note.trim() }) })}
            >
              {STEP_LABELS[step]}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

export function RespondersSection({ responders, mayWrite }: { responders: RespondersRef; mayWrite: boolean }) {
  const styles = useStyles();
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
    <section className={styles.section} aria-label="Responders">
      <Text weight="semibold" as="h3" block>
        Responders
      </Text>
      {loading && nearest.length === 0 && <Spinner size="tiny" label="Loading the nearest units…" />}
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>The nearest units could not be loaded.</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => responders.send({ type: 'responders.refresh' })}>
              Retry
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {nearest.length > 0 && (
        <Table size="small" aria-label="Nearest units">
          <TableHeader>
            <TableRow>
              {['Unit', 'Kind', 'Distance', 'Bearing', 'Estimate', 'Phone', ...(mayWrite ? [''] : [])].map((title) => (
                <TableHeaderCell key={title}>{title}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {nearest.map((unit) => (
              <TableRow key={unit.id} className={unit.available ? undefined : styles.unavailable}>
                <TableCell>{`${unit.name}${unit.available ? '' : ' (unavailable)'}`}</TableCell>
                <TableCell>{UNIT_KIND_LABELS[unit.kind]}</TableCell>
                <TableCell>{formatDistance(unit.distanceM)}</TableCell>
                <TableCell>{`${unit.bearingDeg}° ${unit.compass}`}</TableCell>
                <TableCell title="Straight line at an assumed speed, not a route">{formatEstimate(unit.estimateS)}</TableCell>
                <TableCell>
                  <PhoneLink phone={unit.phone} />
                </TableCell>
                {mayWrite && (
                  <TableCell>
                    <Button size="small" aria-label={`Dispatch ${unit.name}`} disabled={!mayDispatch} onClick={() => responders.send({ type: 'dispatch.open', unitId: unit.id })}>
                      Dispatch
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
          Dispatch a unit…
        </Button>
      )}
      {dispatches.length > 0 && (
        <ol className={styles.dispatches} aria-label="Dispatches">
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
