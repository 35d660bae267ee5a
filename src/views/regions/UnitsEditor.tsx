// A region's responder units (issue 34), beside its contacts in the region's form: each change is saved on
// its own (not with Save region). Demo units are marked until an admin replaces them. A unit is edited in
// place (its row becomes its fields); availability is a switch of its own.
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Unit, UnitInput } from '../../api/responders.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';
import { unitsEditorMachine } from '../../machines/unitsEditorMachine.ts';
import { draftOf, EMPTY_UNIT_DRAFT, inputOf, UnitFields, type UnitDraft } from './UnitFields.tsx';

const useStyles = makeStyles({
  units: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const COLUMNS: readonly MessageId[] = ['units.unit', 'units.kind', 'units.phone', 'units.position', 'units.available'];

const positionText = (unit: Unit) => `${unit.position[0].toFixed(4)}, ${unit.position[1].toFixed(4)}`;

const withAvailability = (unit: Unit, available: boolean): UnitInput => ({
  ...inputOf(unit.regionId, draftOf(unit), available),
});

export function UnitsEditor({ regionId }: { regionId: string }) {
  const styles = useStyles();
  const t = useT();
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
    <section className={styles.units} aria-label={t('units.title')}>
      <Text weight="semibold" as="h3" block>
        {t('units.title')}
      </Text>
      <Table size="small" aria-label={t('units.table')}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableHeaderCell key={title}>{t(title)}</TableHeaderCell>
            ))}
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {units.map((unit) =>
            editing?.id === unit.id ? (
              <TableRow key={unit.id} aria-label={t('units.editing', { name: unit.name })}>
                <TableCell colSpan={6}>
                  <UnitFields
                    label={t('units.editNamed', { name: unit.name })}
                    draft={editing.draft}
                    onChange={(patch) => setEditing({ id: unit.id, draft: { ...editing.draft, ...patch } })}
                  >
                    <span className={styles.actions}>
                      <Button
                        appearance="primary"
                        disabled={busy || !editing.draft.name.trim()}
                        onClick={() =>
                          send({
                            type: 'units.write',
                            write: {
                              kind: 'replace',
                              id: unit.id,
                              input: inputOf(regionId, editing.draft, unit.available),
                            },
                          })
                        }
                      >
                        {t('units.save')}
                      </Button>
                      <Button onClick={() => setEditing(undefined)}>{t('units.cancel')}</Button>
                    </span>
                  </UnitFields>
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={unit.id} aria-label={unit.name}>
                <TableCell>
                  {unit.name} {unit.demo && <Badge appearance="outline">{t('units.demo')}</Badge>}
                </TableCell>
                <TableCell>{t(`units.kind.${unit.kind}`)}</TableCell>
                <TableCell>{unit.phone}</TableCell>
                <TableCell>{positionText(unit)}</TableCell>
                <TableCell>
                  <Switch
                    aria-label={t('units.availableNamed', { name: unit.name })}
                    checked={unit.available}
                    disabled={busy}
                    onChange={(_, data) =>
                      send({
                        type: 'units.write',
                        write: { kind: 'replace', id: unit.id, input: withAvailability(unit, data.checked) },
                      })
                    }
                  />
                </TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={t('units.editNamed', { name: unit.name })}
                      onClick={() => setEditing({ id: unit.id, draft: draftOf(unit) })}
                    >
                      {t('units.edit')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={t('units.removeNamed', { name: unit.name })}
                      onClick={() => send({ type: 'units.write', write: { kind: 'remove', id: unit.id } })}
                    >
                      {t('units.remove')}
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
      <UnitFields
        label={t('units.new')}
        draft={draft}
        onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
      >
        <Button
          disabled={busy || !draft.name.trim()}
          onClick={() => send({ type: 'units.write', write: { kind: 'add', input: inputOf(regionId, draft) } })}
        >
          {t('units.add')}
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
