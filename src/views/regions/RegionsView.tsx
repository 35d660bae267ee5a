// The Regions view (issue 31, admin): every region with its time zone, contacts and boundary, from the
// page's one list (the dashboard's, kept current by the stream), and the form that creates or edits one.
import { ActOutcome } from '../ActOutcome.tsx';
import {
  Button,
  Card,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { Region } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { boundarySummary } from './boundary-summary.ts';
import { RegionForm } from './RegionForm.tsx';
import { useT } from '../../i18n/useT.ts';
import type { Said } from '../../i18n/said.ts';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, overflowX: 'auto' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  // At a phone's width the six columns, squeezed into the card, clipped their headers (Assamese's যোগাযোগ):
  // the table keeps a readable width and the card scrolls sideways, as the audit and accounts tables do.
  table: { minWidth: '720px' },
  contacts: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

function RegionRow({ region, onEdit }: { region: Region; onEdit: () => void }) {
  const styles = useStyles();
  const t = useT();
  return (
    <TableRow aria-label={region.name}>
      <TableCell>
        <Text weight="semibold">{region.name}</Text>
        <br />
        <Text className={styles.muted}>{region.id}</Text>
      </TableCell>
      <TableCell>{region.timeZone}</TableCell>
      <TableCell>
        <ul className={styles.contacts} aria-label={t('regions.contactsOf', { name: region.name })}>
          {region.contacts.map((contact, i) => (
            <li key={i}>{t('regions.contactLine', { label: contact.label, phone: contact.phone })}</li>
          ))}
        </ul>
      </TableCell>
      <TableCell>{boundarySummary(region.boundary, t)}</TableCell>
      <TableCell>
        {t('regions.homeAt', {
          lat: region.homeView.center[0].toFixed(4),
          lng: region.homeView.center[1].toFixed(4),
          zoom: region.homeView.zoom,
        })}
      </TableCell>
      <TableCell>
        <Button onClick={onEdit} aria-label={t('regions.editNamed', { name: region.name })}>
          {t('regions.edit')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

type Editing = { regionId?: string } | undefined;

export function RegionsView() {
  const styles = useStyles();
  const t = useT();
  const regions = DashboardActor.useSelector((s) => s.context.regions);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [notice, setNotice] = useState<Said | undefined>(undefined);
  return (
    <section className={styles.view} aria-label={t('regions.title')}>
      <div className={styles.header}>
        <Title2 as="h2">{t('regions.title')}</Title2>
        {!editing && (
          <Button appearance="primary" onClick={() => (setNotice(undefined), setEditing({}))}>
            {t('regions.new')}
          </Button>
        )}
      </div>
      <ActOutcome notice={notice} />
      {editing && (
        <RegionForm
          key={editing.regionId ?? '(new)'}
          regionId={editing.regionId}
          onClose={(saved) => {
            setEditing(undefined);
            setNotice(saved ? { id: 'regions.saved', values: { name: saved.name } } : undefined);
          }}
        />
      )}
      <Card className={styles.card}>
        <Table aria-label={t('regions.list')} size="small" className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('regions.region')}</TableHeaderCell>
              <TableHeaderCell>{t('regions.timeZone')}</TableHeaderCell>
              <TableHeaderCell>{t('regions.contacts')}</TableHeaderCell>
              <TableHeaderCell>{t('regions.boundary')}</TableHeaderCell>
              <TableHeaderCell>{t('regions.homeView')}</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.muted}>{t('regions.actions')}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {regions.map((region) => (
              <RegionRow
                key={region.id}
                region={region}
                onEdit={() => (setNotice(undefined), setEditing({ regionId: region.id }))}
              />
            ))}
          </TableBody>
        </Table>
      </Card>
    </section>
  );
}
