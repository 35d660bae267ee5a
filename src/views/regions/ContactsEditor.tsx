// The contacts of a region being edited: one row each (label, phone, kind, optional station position).
import { Button, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { contactKinds, type ContactKind } from '../../api/regions.ts';
import type { ContactDraft } from '../../domain/region-draft.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    textAlign: 'left',
    verticalAlign: 'middle',
  },
  narrow: { width: '7em' },
});

const COLUMNS: readonly MessageId[] = [
  'regions.label',
  'regions.phone',
  'regions.kind',
  'regions.stationLatitude',
  'regions.stationLongitude',
];

/** A coordinate field's text as a number, or undefined when empty or not a number. */
const numberOrUndefined = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);

export function ContactsEditor({
  contacts,
  onChange,
  onAdd,
  onRemove,
}: {
  contacts: readonly ContactDraft[];
  onChange: (index: number, patch: Partial<ContactDraft>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const setPosition = (index: number, contact: ContactDraft, which: 0 | 1, text: string) => {
    const value = numberOrUndefined(text);
    const current = contact.position ?? [Number.NaN, Number.NaN];
    const next: [number, number] = which === 0 ? [value ?? Number.NaN, current[1]] : [current[0], value ?? Number.NaN];
    onChange(index, { position: Number.isNaN(next[0]) && Number.isNaN(next[1]) ? undefined : next });
  };
  const coordinateText = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? '' : String(value);
  return (
    <div>
      <table className={styles.table} aria-label={t('regions.contacts')}>
        <thead>
          <tr>
            {COLUMNS.map((title) => (
              <th key={title} className={styles.cell} scope="col">
                {t(title)}
              </th>
            ))}
            <th className={styles.cell} scope="col" />
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact, index) => (
            <tr key={index}>
              <td className={styles.cell}>
                <Input
                  aria-label={t('regions.contactLabel', { n: index + 1 })}
                  value={contact.label}
                  onChange={(_, data) => onChange(index, { label: data.value })}
                />
              </td>
              <td className={styles.cell}>
                <Input
                  aria-label={t('regions.contactPhone', { n: index + 1 })}
                  value={contact.phone}
                  onChange={(_, data) => onChange(index, { phone: data.value })}
                />
              </td>
              <td className={styles.cell}>
                <Select
                  aria-label={t('regions.contactKind', { n: index + 1 })}
                  value={contact.kind}
                  onChange={(_, data) => onChange(index, { kind: data.value as ContactKind })}
                >
                  {contactKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`regions.contact.${kind}`)}
                    </option>
                  ))}
                </Select>
              </td>
              <td className={styles.cell}>
                <Input
                  className={styles.narrow}
                  aria-label={t('regions.contactLatitude', { n: index + 1 })}
                  value={coordinateText(contact.position?.[0])}
                  onChange={(_, data) => setPosition(index, contact, 0, data.value)}
                />
              </td>
              <td className={styles.cell}>
                <Input
                  className={styles.narrow}
                  aria-label={t('regions.contactLongitude', { n: index + 1 })}
                  value={coordinateText(contact.position?.[1])}
                  onChange={(_, data) => setPosition(index, contact, 1, data.value)}
                />
              </td>
              <td className={styles.cell}>
                <Button aria-label={t('regions.removeContact', { n: index + 1 })} onClick={() => onRemove(index)}>
                  {t('regions.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button onClick={onAdd}>{t('regions.addContact')}</Button>
    </div>
  );
}
