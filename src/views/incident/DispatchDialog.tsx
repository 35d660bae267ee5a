// The dispatch dialog (issue 34): one of the nearest units picked, or another typed by name, and an optional
// note. The form is the dialog's own until it is sent: the statechart hears only the finished choice.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { NearbyUnit } from '../../api/responders.ts';
import { formatDistance } from '../../domain/display.ts';
import type { DispatchChoice } from '../../machines/respondersMachine.ts';
import { useT } from '../../i18n/useT.ts';

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
  const t = useT();
  const [picked, setPicked] = useState(chosenUnitId ?? nearest.find((unit) => unit.available)?.id ?? TYPED);
  const [typedName, setTypedName] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    const withNote = note.trim() ? { note: note.trim() } : {};
    if (picked !== TYPED) return onDispatch({ unitId: picked, ...withNote });
    if (!typedName.trim()) return setProblem(t('responders.typeName'));
    onDispatch({ unitName: typedName.trim(), ...withNote });
  };
  const shown = problem ?? error;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface aria-label={t('responders.dispatchAUnit')}>
        <DialogBody>
          <DialogTitle>{t('responders.dispatchAUnit')}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t('responders.unit')}>
              <RadioGroup value={picked} onChange={(_, data) => (setPicked(data.value), setProblem(undefined))}>
                {nearest.map((unit) => (
                  <Radio
                    key={unit.id}
                    value={unit.id}
                    label={t(unit.available ? 'responders.choice' : 'responders.choiceUnavailable', {
                      name: unit.name,
                      kind: t('responders.kindName', { kind: unit.kind }),
                      distance: formatDistance(unit.distanceM),
                      compass: unit.compass,
                    })}
                  />
                ))}
                <Radio value={TYPED} label={t('responders.another')} />
              </RadioGroup>
            </Field>
            {picked === TYPED && (
              <Field label={t('responders.unitName')}>
                <Input value={typedName} onChange={(_, data) => (setTypedName(data.value), setProblem(undefined))} />
              </Field>
            )}
            <Field label={t('responders.noteOptional')}>
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
              {t('incident.cancel')}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={submit}>
              {t('responders.dispatch')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
