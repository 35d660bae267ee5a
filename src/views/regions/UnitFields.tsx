import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { unitKinds, type Unit, type UnitInput, type UnitKind } from '../../api/responders.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'end' },
  number: { width: '9em' },
});

/** A unit's fields as typed: the coordinates stay text until they are sent. */
export interface UnitDraft {
  name: string;
  kind: UnitKind;
  phone: string;
  latitude: string;
  longitude: string;
}

export const EMPTY_UNIT_DRAFT: UnitDraft = { name: '', kind: 'police_station', phone: '', latitude: '', longitude: '' };

export const draftOf = (unit: Unit): UnitDraft => ({
  name: unit.name,
  kind: unit.kind,
  phone: unit.phone,
  latitude: String(unit.position[0]),
  longitude: String(unit.position[1]),
});

export const inputOf = (regionId: string, draft: UnitDraft, available = true): UnitInput => ({
  regionId,
  name: draft.name,
  kind: draft.kind,
  phone: draft.phone,
  position: [Number(draft.latitude), Number(draft.longitude)],
  available,
});

/** Name, kind, phone (E.164; spaces and dashes may be typed) and position of a new unit or one being edited. */
export function UnitFields({
  label,
  draft,
  onChange,
  children,
}: {
  label: string;
  draft: UnitDraft;
  onChange: (patch: Partial<UnitDraft>) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const t = useT();
  return (
    <div className={styles.row} role="group" aria-label={label}>
      <Field label={t('units.name')}>
        <Input value={draft.name} onChange={(_, data) => onChange({ name: data.value })} />
      </Field>
      <Field label={t('units.kindField')}>
        <Select value={draft.kind} onChange={(_, data) => onChange({ kind: data.value as UnitKind })}>
          {unitKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`units.kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('units.phoneField')} hint={t('units.phoneHint')}>
        <Input value={draft.phone} onChange={(_, data) => onChange({ phone: data.value })} />
      </Field>
      <Field label={t('units.latitude')}>
        <Input
          className={styles.number}
          value={draft.latitude}
          onChange={(_, data) => onChange({ latitude: data.value })}
        />
      </Field>
      <Field label={t('units.longitude')}>
        <Input
          className={styles.number}
          value={draft.longitude}
          onChange={(_, data) => onChange({ longitude: data.value })}
        />
      </Field>
      {children}
    </div>
  );
}
