import { Badge, Button, makeStyles, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { AccountSummary } from '../../api/accounts.ts';
import { ROLES, type Role } from '../../api/roles.ts';
import { formatTime } from '../../domain/display.ts';
import type { ConfirmedAct } from './confirmation.ts';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  state: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

function StateBadges({ account }: { account: AccountSummary }) {
  const styles = useStyles();
  return (
    <span className={styles.state}>
      <Badge appearance="tint" color={account.disabled ? 'danger' : 'success'}>
        {account.disabled ? 'Disabled' : 'Enabled'}
      </Badge>
      {account.mustChangePassword && (
        <Badge appearance="tint" color="warning">
          New password due
        </Badge>
      )}
      {account.source === 'oidc' && (
        <Badge appearance="tint" color="informative">
          Single sign-on
        </Badge>
      )}
    </span>
  );
}

/** One row per account; every act is proposed to `onPropose`, which asks before sending it. */
export function AccountsTable({ accounts, busy, onPropose }: { accounts: readonly AccountSummary[]; busy: boolean; onPropose: (act: ConfirmedAct) => void }) {
  const clock = useClock();
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <Table aria-label="Accounts" size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {['Username', 'Role', 'State', 'Last sign-in', 'Actions'].map((title) => (
              <TableHeaderCell key={title}>{title}</TableHeaderCell>
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
                    aria-label={`Role of ${username}`}
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
                <TableCell>{account.lastSignInAt ? formatTime(account.lastSignInAt, clock) : 'Never'}</TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button size="small" disabled={busy} onClick={() => onPropose({ type: 'accounts.setDisabled', username, disabled: !account.disabled })}>
                      {account.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button size="small" disabled={busy || account.source === 'oidc'} onClick={() => onPropose({ type: 'accounts.resetPassword', username })}>
                      Reset password
                    </Button>
                    <Button size="small" disabled={busy} onClick={() => onPropose({ type: 'accounts.signOut', username })}>
                      Sign out everywhere
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
