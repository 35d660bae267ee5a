import { Badge, Button, Card, CardHeader, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { DidRecord, DidUse } from '../../api/did-binding.ts';
import { formatTime } from '../../domain/display.ts';
import { atLeast } from '../breakpoints.ts';
import type { VerifyRef } from './VerifyTouristView.tsx';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  did: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  quiet: { color: tokens.colorNeutralForeground3 },
  table: { overflowX: 'auto' },
  // On a phone at the entry point the tourist, the last use and Bind must fit without scrolling sideways.
  wideOnly: { display: 'none', [atLeast('sm')]: { display: 'table-cell' } },
});

const touristLabel = (touristId: string, name: string | null) => (name ? `${name} (${touristId})` : touristId);

function BindingState({ record, verify }: { record: DidRecord; verify: VerifyRef }) {
  const clock = useClock();
  const styles = useStyles();
  const { binding } = record;
  if (record.issuedFor) {
    return <Text>Issued for tourist {record.issuedFor}: this Digital ID needs no binding.</Text>;
  }
  if (!binding) {
    return (
      <div className={styles.line}>
        <Badge appearance="tint" color="warning">
          Not bound
        </Badge>
        <Text>Its alerts are unverified until it is bound to a tourist below.</Text>
      </div>
    );
  }
  const label = touristLabel(binding.touristId, binding.touristName);
  return (
    <div className={styles.line}>
      <Badge appearance="tint" color="success">
        Bound
      </Badge>
      <Text>
        Proves {label}, bound by {binding.boundBy} at {formatTime(binding.boundAt, clock)}.
      </Text>
      <Button size="small" onClick={() => verify.send({ type: 'did.unbind', didId: record.didId, touristId: binding.touristId, touristLabel: label })}>
        Unbind
      </Button>
    </div>
  );
}

function UsedWith({ record, verify }: { record: DidRecord; verify: VerifyRef }) {
  const clock = useClock();
  const styles = useStyles();
  const bindable = !record.binding && !record.issuedFor;
  if (record.usedWith.length === 0) {
    return <Text className={styles.quiet}>Not used with any tourist yet: ask the tourist to register in the app, then look it up again.</Text>;
  }
  const bindButton = (use: DidUse) => {
    const label = touristLabel(use.touristId, use.touristName);
    return (
      <Button
        size="small"
        appearance="primary"
        disabled={!use.registered}
        aria-label={`Bind to ${label}`}
        onClick={() => verify.send({ type: 'did.bind', didId: record.didId, touristId: use.touristId, touristLabel: label })}
      >
        {use.registered ? 'Bind' : 'Not registered'}
      </Button>
    );
  };
  return (
    <div className={styles.table}>
      <Table size="small" aria-label={`Tourists ${record.didId} was used with`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Tourist</TableHeaderCell>
            <TableHeaderCell className={styles.wideOnly}>First used</TableHeaderCell>
            <TableHeaderCell>Last used</TableHeaderCell>
            {bindable && <TableHeaderCell>Action</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {record.usedWith.map((use) => (
            <TableRow key={use.touristId}>
              <TableCell>{touristLabel(use.touristId, use.touristName)}</TableCell>
              <TableCell className={styles.wideOnly}>{formatTime(use.firstAt, clock)}</TableCell>
              <TableCell>{formatTime(use.lastAt, clock)}</TableCell>
              {bindable && <TableCell>{bindButton(use)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** One Digital ID: whom it proves, and the tourists its token was sent with. */
export function DidRecordCard({ record, verify }: { record: DidRecord; verify: VerifyRef }) {
  const clock = useClock();
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label={`Digital ID ${record.didId}`}>
      <CardHeader
        header={<Text className={styles.did} weight="semibold">{record.didId}</Text>}
        description={record.expiresAt ? <Text className={styles.quiet}>Token valid until {formatTime(record.expiresAt, clock)}</Text> : undefined}
      />
      <BindingState record={record} verify={verify} />
      <UsedWith record={record} verify={verify} />
    </Card>
  );
}
