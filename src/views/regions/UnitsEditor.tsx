// A region's responder units (issue 34), beside its contacts in the region's form: each change is saved on
// its own (not with Save region). Demo units are marked until an admin replaces them. A unit is edited in
// place (its row becomes its fields); availability is a switch of its own.
import {
  Badge, Button, makeStyles, MessageBar, MessageBarBody, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { UNIT_KIND_LABELS, type Unit, type UnitInput } from '../../api/responders.ts';
import { unitsEditorMachine } from '../../machines/unitsEditorMachine.ts';
import { draftOf, EMPTY_UNIT_DRAFT, inputOf, UnitFields, type UnitDraft } from './UnitFields.tsx';

const useStyles = makeStyles({
  units: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const withAvailability = (unit: Unit, available: boolean): UnitInput => ({ ...inputOf(unit.regionId, draftOf(unit), available) });

export function UnitsEditor({ regionId }: { regionId: string }) {
  const styles = useStyles();
  const editor = useActorRef(unitsEditorMachine, { input: { regionId } });
  const units = useSelector(editor, (s) => s.context.units);
  const error = useSelector(editor, (s) => s.context.error);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const saved = useSelector(editor, (s) => s.context.saved);
  const [draft, setDraft] = useState(EMPTY_UNIT_DRAFT);
  const [editing, setEditing] = useState<{ id: string; draft: UnitDraft } | undefined>();
  // A write that was taken clears the form it came from; a refused one leaves it as typed, beside the sentence.
  const [clearedAt, setClearedAt] = useState(saved);
  if (clearedAt !== saved) {
    setClearedAt(saved);
    setDraft(EMPTY_UNIT_DRAFT);
    setEditing(undefined);
  }
  const send = (write: Parameters<typeof editor.send>[0] & { type: 'units.write' }) => editor.send(write);
  return (
    <section className={styles.units} aria-label="Responder units">
      <Text weight="semibold" as="h3" block>
        Responder units
      </Text>
      <Table size="small" aria-label="Units of the region">
        <TableHeader>
          <TableRow>
            {['Unit', 'Kind', 'Phone', 'Position', 'Available', ''].map((title) => (
              <TableHeaderCell key={title}>{title}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {units.map((unit) =>
            editing?.id === unit.id ? (
              <TableRow key={unit.id} aria-label={`Editing ${unit.name}`}>
                <TableCell colSpan={6}>
                  <UnitFields label={`Edit ${unit.name}`} draft={editing.draft} onChange={(patch) => setEditing({ id: unit.id, draft: { ...editing.draft, ...patch } })}>
                    <span className={styles.actions}>
                      <Button
                        appearance="primary"
                        disabled={busy || !editing.draft.name.trim()}
                        onClick={() => send({ type: 'units.write', write: { kind: 'replace', id: unit.id, input: inputOf(regionId, editing.draft, unit.available) } })}
                      >
                        Save unit
                      </Button>
                      <Button onClick={() => setEditing(undefined)}>Cancel</Button>
                    </span>
                  </UnitFields>
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={unit.id} aria-label={unit.name}>
                <TableCell>
                  {unit.name} {unit.demo && <Badge appearance="outline">Demo</Badge>}
                </TableCell>
                <TableCell>{UNIT_KIND_LABELS[unit.kind]}</TableCell>
                <TableCell>{unit.phone}</TableCell>
                <TableCell>{`${unit.position[0].toFixed(4)}, ${unit.position[1].toFixed(4)}`}</TableCell>
                <TableCell>
                  <Switch
                    aria-label={`${unit.name} available`}
                    checked={unit.available}
                    disabled={busy}
                    onChange={(_, data) => send({ type: 'units.write', write: { kind: 'replace', id: unit.id, input: withAvailability(unit, data.checked) } })}
                  />
                </TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button size="small" disabled={busy} aria-label={`Edit ${unit.name}`} onClick={() => setEditing({ id: unit.id, draft: draftOf(unit) })}>
                      Edit
                    </Button>
                    <Button size="small" disabled={busy} aria-label={`Remove ${unit.name}`} onClick={() => send({ type: 'units.write', write: { kind: 'remove', id: unit.id } })}>
                      Remove
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
      <UnitFields label="New unit" draft={draft} onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}>
        <Button disabled={busy || !draft.name.trim()} onClick={() => send({ type: 'units.write', write: { kind: 'add', input: inputOf(regionId, draft) } })}>
          Add unit
        </Button>
      </UnitFields>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
