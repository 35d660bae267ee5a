import { ActOutcome } from '../ActOutcome.tsx';
import { Button, Card, makeStyles, Spinner, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { webhooksMachine } from '../../machines/webhooksMachine.ts';
import { CreateWebhookDialog } from './CreateWebhookDialog.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhooksTable } from './WebhooksTable.tsx';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** Outgoing notifications (admin, issue 34): the webhooks, the delivery log and the dead letters. */
export function WebhooksView({ logic = webhooksMachine }: { logic?: typeof webhooksMachine }) {
  const styles = useStyles();
  const actor = useActorRef(logic);
  const webhooks = useSelector(actor, (s) => s.context.webhooks);
  const deliveries = useSelector(actor, (s) => s.context.deliveries);
  const deadLetters = useSelector(actor, (s) => s.context.deadLetters);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const secret = useSelector(actor, (s) => s.context.secret);
  const [creating, setCreating] = useState(false);
  return (
    <section className={styles.view} aria-label="Webhooks">
      <Title2 as="h2">Webhooks</Title2>
      <Card className={styles.card}>
        <div className={styles.toolbar}>
          <Button appearance="primary" icon={<AddRegular />} disabled={busy} onClick={() => setCreating(true)}>
            New webhook
          </Button>
          <Button icon={<ArrowClockwiseRegular />} disabled={busy} onClick={() => actor.send({ type: 'webhooks.refresh' })}>
            Refresh
          </Button>
          {busy && <Spinner size="tiny" label="Working…" />}
        </div>
        <ActOutcome errors={[error]} notice={notice} />
        <WebhooksTable webhooks={webhooks} busy={busy} onAct={(act) => actor.send(act)} />
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h3">Dead letters</Subtitle2>
        <DeliveriesTable
          label="Dead letters"
          deliveries={deadLetters}
          webhooks={webhooks}
          busy={busy}
          onSendAgain={(deliveryId) => actor.send({ type: 'webhooks.sendAgain', deliveryId })}
        />
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h3">Delivery log</Subtitle2>
        <DeliveriesTable label="Delivery log" deliveries={deliveries} webhooks={webhooks} busy={busy} />
      </Card>
      <CreateWebhookDialog
        open={creating}
        onCancel={() => setCreating(false)}
        onCreate={(body) => {
          setCreating(false);
          actor.send({ type: 'webhooks.create', body });
        }}
      />
      <SecretDialog secret={secret} onDone={() => actor.send({ type: 'webhooks.dismissSecret' })} />
    </section>
  );
}
