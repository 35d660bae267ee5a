// The dispatch dialog (issue 34): one of the nearest units picked, or another typed by name, and an optional
// note. The form is the dialog's own until it is sent: the statechart hears only the finished choice.
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar,
  MessageBarBody, Radio, RadioGroup, Textarea, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { UNIT_KIND_LABELS, type NearbyUnit } from '../../api/responders.ts';
import { formatDistance } from '../../domain/responders.ts';
import type { DispatchChoice } from '../../machines/respondersMachine.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const TYPED = 'typed';

export interface DispatchDialogProps {
  nearest: readonly NearbyUnit[];
  /** The unit whose row's Dispatch button opened it. */
  chosenUnitId: string | undefined;
  busy: boolean;
  error: string | undefined;
  onDispatch: (choice: DispatchChoice) => void;
  onCancel: () => void;
}

export function DispatchDialog({ nearest, chosenUnitId, busy, error, onDispatch, onCancel }: DispatchDialogProps) {
  const styles = useStyles();
  const [picked, setPicked] = useState(chosenUnitId ?? nearest.find((unit) => unit.available)?.id ?? TYPED);
  const [typedName, setTypedName] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    const withNote = note.trim() ? { note: note.trim() } : {};
    if (picked !== TYPED) return onDispatch({ unitId: picked, ...withNote });
    if (!typedName.trim()) return setProblem('Type the name of the unit to dispatch, or pick one of the nearest.');
    onDispatch({ unitName: typedName.trim(), ...withNote });
  };
  const shown = problem ?? error;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface aria-label="Dispatch a unit">
        <DialogBody>
          <DialogTitle>Dispatch a unit</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label="Unit">
              <RadioGroup value={picked} onChange={(_, data) => (setPicked(data.value), setProblem(undefined))}>
                {nearest.map((unit) => (
                  <Radio
                    key={unit.id}
                    value={unit.id}
                    label={`${unit.name} (${UNIT_KIND_LABELS[unit.kind]}, ${formatDistance(unit.distanceM)} ${unit.compass})${unit.available ? '' : ', unavailable'}`}
                  />
                ))}
                <Radio value={TYPED} label="Another unit (type its name)" />
              </RadioGroup>
            </Field>
            {picked === TYPED && (
              <Field label="Unit name">
                <Input value={typedName} onChange={(_, data) => (setTypedName(data.value), setProblem(undefined))} />
              </Field>
            )}
            <Field label="Note (optional)">
              <Textarea value={note} resize="vertical" onChange={(_, data) => setNote(data.value)} />
            </Field>
            {shown && (
              <MessageBar intent="error">
                <MessageBarBody>{shown}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={busy} onClick={submit}>
              Dispatch
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
