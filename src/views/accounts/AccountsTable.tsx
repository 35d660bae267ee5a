import {
  Badge,
  Button,
  makeStyles,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { AccountSummary } from '../../api/accounts.ts';
import { ROLES, type Role } from '../../api/roles.ts';
import { formatTime } from '../../domain/display.ts';
import type { ConfirmedAct } from './confirmation.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  state: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const COLUMNS: readonly MessageId[] = [
  'accounts.username',
  'accounts.role',
  'accounts.state',
  'accounts.lastSignIn',
  'accounts.actions',
];

function StateBadges({ account }: { account: AccountSummary }) {
  const styles = useStyles();
  const t = useT();
  return (
    <span className={styles.state}>
      <Badge appearance="tint" color={account.disabled ? 'danger' : 'success'}>
        {t(account.disabled ? 'accounts.disabled' : 'accounts.enabled')}
      </Badge>
      {account.mustChangePassword && (
        <Badge appearance="tint" color="warning">
          {t('accounts.passwordDue')}
        </Badge>
      )}
      {account.source === 'oidc' && (
        <Badge appearance="tint" color="informative">
          {t('accounts.singleSignOn')}
        </Badge>
      )}
    </span>
  );
}

/** One row per account; every act is proposed to `onPropose`, which asks before sending it. */
export function AccountsTable({
  accounts,
  busy,
  onPropose,
}: {
  accounts: readonly AccountSummary[];
  busy: boolean;
  onPropose: (act: ConfirmedAct) => void;
}) {
  const clock = useClock();
  const styles = useStyles();
  const t = useT();
  return (
    <div className={styles.scroll}>
      <Table aria-label={t('accounts.title')} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableHeaderCell key={title}>{t(title)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((account) => {
            const { username } = account;
            return (
              <TableRow key={username}>
                <TableCell>{username}</TableCell>
                <TableCell>
                  {/* A single sign-on account's role comes from the provider at each sign-in. */}
                  <Select
                    aria-label={t('accounts.roleOf', { username })}
                    value={account.role}
                    disabled={busy || account.source === 'oidc'}
                    onChange={(_, data) => onPropose({ type: 'accounts.setRole', username, role: data.value as Role })}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </Select>
                </TableCell>
                <TableCell>
                  <StateBadges account={account} />
                </TableCell>
                <TableCell>
                  {account.lastSignInAt ? formatTime(account.lastSignInAt, clock) : t('accounts.never')}
                </TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => onPropose({ type: 'accounts.setDisabled', username, disabled: !account.disabled })}
                    >
                      {t(account.disabled ? 'accounts.enable' : 'accounts.disable')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy || account.source === 'oidc'}
                      onClick={() => onPropose({ type: 'accounts.resetPassword', username })}
                    >
                      {t('accounts.resetPassword')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => onPropose({ type: 'accounts.signOut', username })}
                    >
                      {t('accounts.signOutEverywhere')}
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
