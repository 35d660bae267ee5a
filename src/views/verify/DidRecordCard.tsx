import {
  Badge,
  Button,
  Card,
  CardHeader,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { DidRecord, DidUse } from '../../api/did-binding.ts';
import { formatTime } from '../../domain/display.ts';
import { atLeast } from '../breakpoints.ts';
import type { VerifyRef } from './VerifyTouristView.tsx';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

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
  const t = useT();
  const styles = useStyles();
  const { binding } = record;
  if (record.issuedFor) {
    return <Text>{t('verify.issuedFor', { tourist: record.issuedFor })}</Text>;
  }
  if (!binding) {
    return (
      <div className={styles.line}>
        <Badge appearance="tint" color="warning">
          {t('verify.notBound')}
        </Badge>
        <Text>{t('verify.unverifiedUntilBound')}</Text>
      </div>
    );
  }
  const label = touristLabel(binding.touristId, binding.touristName);
  return (
    <div className={styles.line}>
      <Badge appearance="tint" color="success">
        {t('verify.bound')}
      </Badge>
      <Text>
        {t('verify.proves', { tourist: label, by: binding.boundBy, time: formatTime(binding.boundAt, clock) })}
      </Text>
      <Button
        size="small"
        onClick={() =>
          verify.send({ type: 'did.unbind', didId: record.didId, touristId: binding.touristId, touristLabel: label })
        }
      >
        {t('verify.unbind')}
      </Button>
    </div>
  );
}

function UsedWith({ record, verify }: { record: DidRecord; verify: VerifyRef }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const bindable = !record.binding && !record.issuedFor;
  if (record.usedWith.length === 0) {
    return <Text className={styles.quiet}>{t('verify.notUsed')}</Text>;
  }
  const bindButton = (use: DidUse) => {
    const label = touristLabel(use.touristId, use.touristName);
    return (
      <Button
        size="small"
        appearance="primary"
        disabled={!use.registered}
        aria-label={t('verify.bindTo', { tourist: label })}
        onClick={() =>
          verify.send({ type: 'did.bind', didId: record.didId, touristId: use.touristId, touristLabel: label })
        }
      >
        {use.registered ? t('verify.bind') : t('verify.notRegistered')}
      </Button>
    );
  };
  return (
    <div className={styles.table}>
      <Table size="small" aria-label={t('verify.usedWith', { did: record.didId })}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('verify.tourist')}</TableHeaderCell>
            <TableHeaderCell className={styles.wideOnly}>{t('verify.firstUsed')}</TableHeaderCell>
            <TableHeaderCell>{t('verify.lastUsed')}</TableHeaderCell>
            {bindable && <TableHeaderCell>{t('verify.action')}</TableHeaderCell>}
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
  const t = useT();
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label={t('verify.card', { did: record.didId })}>
      <CardHeader
        header={
          <Text className={styles.did} weight="semibold">
            {record.didId}
          </Text>
        }
        description={
          record.expiresAt ? (
            <Text className={styles.quiet}>
              {t('verify.validUntil', { time: formatTime(record.expiresAt, clock) })}
            </Text>
          ) : undefined
        }
      />
      <BindingState record={record} verify={verify} />
      <UsedWith record={record} verify={verify} />
    </Card>
  );
}
