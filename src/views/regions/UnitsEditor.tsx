// A region's responder units (issue 34), beside its contacts in the region's form: each change is saved on
// its own (not with Save region). Demo units are marked until an admin replaces them.
import {
  Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Switch, Table, TableBody, TableCell, TableHeader,
  TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { UNIT_KIND_LABELS, unitKinds, type Unit, type UnitInput, type UnitKind } from '../../api/responders.ts';
import { unitsEditorMachine } from '../../machines/unitsEditorMachine.ts';

const useStyles = makeStyles({
  units: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'end' },
  number: { width: '9em' },
});

const inputOf = (unit: Unit, patch: Partial<UnitInput> = {}): UnitInput => ({
  regionId: unit.regionId, name: unit.name, kind: unit.kind, phone: unit.phone, position: unit.position, available: unit.available, ...patch,
});

const emptyDraft = { name: '', kind: 'police_station' as UnitKind, phone: '', latitude: '', longitude: '' };

export function UnitsEditor({ regionId }: { regionId: string }) {
  const styles = useStyles();
  const editor = useActorRef(unitsEditorMachine, { input: { regionId } });
  const units = useSelector(editor, (s) => s.context.units);
  const error = useSelector(editor, (s) => s.context.error);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const [draft, setDraft] = useState(emptyDraft);
  const change = (patch: Partial<typeof emptyDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const add = () => {
    editor.send({
      type: 'units.write',
      write: { kind: 'add', input: { regionId, name: draft.name, kind: draft.kind, phone: draft.phone, position: [Number(draft.latitude), Number(draft.longitude)] } },
    });
    setDraft(emptyDraft);
  };
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
          {units.map((unit) => (
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
                  onChange={(_, data) => editor.send({ type: 'units.write', write: { kind: 'replace', id: unit.id, input: inputOf(unit, { available: data.checked }) } })}
                />
              </TableCell>
              <TableCell>
                <Button size="small" disabled={busy} aria-label={`Remove ${unit.name}`} onClick={() => editor.send({ type: 'units.write', write: { kind: 'remove', id: unit.id } })}>
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className={styles.row} role="group" aria-label="New unit">
        <Field label="Unit name">
          <Input value={draft.name} onChange={(_, data) => change({ name: data.value })} />
        </Field>
        <Field label="Unit kind">
          <Select value={draft.kind} onChange={(_, data) => change({ kind: data.value as UnitKind })}>
            {unitKinds.map((kind) => (
              <option key={kind} value={kind}>
                {UNIT_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Unit phone">
          <Input value={draft.phone} onChange={(_, data) => change({ phone: data.value })} />
        </Field>
        <Field label="Unit latitude">
          <Input className={styles.number} value={draft.latitude} onChange={(_, data) => change({ latitude: data.value })} />
        </Field>
        <Field label="Unit longitude">
          <Input className={styles.number} value={draft.longitude} onChange={(_, data) => change({ longitude: data.value })} />
        </Field>
        <Button disabled={busy || !draft.name.trim()} onClick={add}>
          Add unit
        </Button>
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
