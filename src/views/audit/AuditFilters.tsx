import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, FilterRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import type { AuditFilter } from '../../api/client.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  field: { minWidth: '180px' },
});

/** Actor and action as the server filters them (exact values, e.g. `dana`, `incident.acknowledge`). */
export function AuditFilters({
  onFilter,
  onRefresh,
}: {
  onFilter: (filter: AuditFilter) => void;
  onRefresh: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ actor, action });
  };
  return (
    <form className={styles.form} aria-label={t('audit.filters')} onSubmit={submit}>
      <Field label={t('audit.actor')} className={styles.field}>
        <Input value={actor} placeholder={t('audit.anyActor')} onChange={(_, data) => setActor(data.value)} />
      </Field>
      <Field label={t('audit.action')} className={styles.field}>
        <Input value={action} placeholder={t('audit.anyAction')} onChange={(_, data) => setAction(data.value)} />
      </Field>
      <Button type="submit" appearance="primary" icon={<FilterRegular />}>
        {t('audit.filter')}
      </Button>
      <Button type="button" icon={<ArrowSyncRegular />} onClick={onRefresh}>
        {t('audit.refresh')}
      </Button>
    </form>
  );
}
