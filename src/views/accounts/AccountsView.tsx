import { ActOutcome } from '../ActOutcome.tsx';
import { Button, Card, makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { accountsMachine } from '../../machines/accountsMachine.ts';
import { AccountsTable } from './AccountsTable.tsx';
import { ConfirmActDialog } from './ConfirmActDialog.tsx';
import type { ConfirmedAct } from './confirmation.ts';
import { CreateAccountDialog } from './CreateAccountDialog.tsx';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** Operator accounts (admin, issue 31): who may sign in, with which role, and the acts on each. */
export function AccountsView({ logic = accountsMachine }: { logic?: typeof accountsMachine }) {
  const styles = useStyles();
  const t = useT();
  const accounts = useActorRef(logic);
  const list = useSelector(accounts, (s) => s.context.accounts);
  const busy = useSelector(accounts, (s) => s.hasTag('busy'));
  const notice = useSelector(accounts, (s) => s.context.notice);
  const error = useSelector(accounts, (s) => s.context.error);
  const secret = useSelector(accounts, (s) => s.context.secret);
  // Which dialog is open is the view's own business; what is sent and answered is the machine's.
  const [creating, setCreating] = useState(false);
  const [proposed, setProposed] = useState<ConfirmedAct>();
  return (
    <section className={styles.view} aria-label={t('accounts.title')}>
      <Title2 as="h2">{t('accounts.title')}</Title2>
      <Card className={styles.card}>
        <div className={styles.toolbar}>
          <Button appearance="primary" icon={<PersonAddRegular />} disabled={busy} onClick={() => setCreating(true)}>
            {t('accounts.new')}
          </Button>
          <Button
            icon={<ArrowClockwiseRegular />}
            disabled={busy}
            onClick={() => accounts.send({ type: 'accounts.refresh' })}
          >
            {t('accounts.refresh')}
          </Button>
          {busy && <Spinner size="tiny" label={t('accounts.working')} />}
        </div>
        <ActOutcome errors={[error]} notice={notice} />
        <AccountsTable accounts={list} busy={busy} onPropose={setProposed} />
      </Card>
      <CreateAccountDialog
        open={creating}
        onCancel={() => setCreating(false)}
        onCreate={(username, role) => {
          setCreating(false);
          accounts.send({ type: 'accounts.create', username, role });
        }}
      />
      <ConfirmActDialog
        act={proposed}
        onCancel={() => setProposed(undefined)}
        onConfirm={(act) => {
          setProposed(undefined);
          accounts.send(act);
        }}
      />
      <TemporaryPasswordDialog secret={secret} onDone={() => accounts.send({ type: 'accounts.dismissSecret' })} />
    </section>
  );
}
