// The alerts as cards on a phone (issue 35): the same rows as the table, in the same order, a page at a time.
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Incident } from '../../api/entities.ts';
import { AlertCard } from './AlertCard.tsx';
import { useT } from '../../i18n/useT.ts';

const PAGE = 25;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  more: { minHeight: '44px' },
});

/** `focusedId`: the incident the operator asked to see (the panic bar's Show): its card is always drawn. */
export function AlertCards({
  rows,
  focusedId,
  onOpen,
}: {
  rows: readonly Incident[];
  focusedId?: string;
  onOpen: (incident: Incident) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const [shownCount, setShownCount] = useState(PAGE);
  const focusAt = focusedId ? rows.findIndex((incident) => incident.id === focusedId) : -1;
  const count = Math.max(shownCount, focusAt + 1);
  return (
    <div className={styles.list} role="list" aria-label={t('dashboard.alerts')}>
      {rows.slice(0, count).map((incident) => (
        <div role="listitem" key={incident.id}>
          <AlertCard incident={incident} onOpen={() => onOpen(incident)} />
        </div>
      ))}
      {rows.length > count && (
        <Button className={styles.more} onClick={() => setShownCount(count + PAGE)}>
          {t('dashboard.showMore', { count: Math.min(PAGE, rows.length - count), rest: rows.length - count })}
        </Button>
      )}
    </div>
  );
}
