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

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, overflowX: 'auto' },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  contacts: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

function RegionRow({ region, onEdit }: { region: Region; onEdit: () => void }) {
  const styles = useStyles();
  return (
    <TableRow aria-label={region.name}>
      <TableCell>
        <Text weight="semibold">{region.name}</Text>
        <br />
        <Text className={styles.muted}>{region.id}</Text>
      </TableCell>
      <TableCell>{region.timeZone}</TableCell>
      <TableCell>
        <ul className={styles.contacts} aria-label={`Contacts of ${region.name}`}>
          {region.contacts.map((contact, i) => (
            <li key={i}>{`${contact.label}: ${contact.phone}`}</li>
          ))}
        </ul>
      </TableCell>
      <TableCell>{boundarySummary(region.boundary)}</TableCell>
      <TableCell>
        {`${region.homeView.center[0].toFixed(4)}, ${region.homeView.center[1].toFixed(4)} at zoom ${region.homeView.zoom}`}
      </TableCell>
      <TableCell>
        <Button onClick={onEdit} aria-label={`Edit ${region.name}`}>
          Edit
        </Button>
      </TableCell>
    </TableRow>
  );
}

type Editing = { regionId?: string } | undefined;

export function RegionsView() {
  const styles = useStyles();
  const regions = DashboardActor.useSelector((s) => s.context.regions);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  return (
    <section className={styles.view} aria-label="Regions">
      <div className={styles.header}>
        <Title2 as="h2">Regions</Title2>
        {!editing && (
          <Button appearance="primary" onClick={() => (setNotice(undefined), setEditing({}))}>
            New region
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
            setNotice(saved ? `Saved region ${saved.name}.` : undefined);
          }}
        />
      )}
      <Card className={styles.card}>
        <Table aria-label="Regions list" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Region</TableHeaderCell>
              <TableHeaderCell>Time zone</TableHeaderCell>
              <TableHeaderCell>Contacts</TableHeaderCell>
              <TableHeaderCell>Boundary</TableHeaderCell>
              <TableHeaderCell>Home view</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {regions.map((region) => (
              <RegionRow key={region.id} region={region} onEdit={() => (setNotice(undefined), setEditing({ regionId: region.id }))} />
            ))}
          </TableBody>
        </Table>
      </Card>
    </section>
  );
}
