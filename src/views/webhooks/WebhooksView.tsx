import { ActOutcome } from '../ActOutcome.tsx';
import { Button, Card, makeStyles, Spinner, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { webhooksMachine } from '../../machines/webhooksMachine.ts';
import type { Webhook } from '../../api/webhooks.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { RotateSecretDialog } from './RotateSecretDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhooksTable } from './WebhooksTable.tsx';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  view: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** Outgoing notifications (admin, issue 34): the webhooks, the delivery log and the dead letters. */
export function WebhooksView({ logic = webhooksMachine }: { logic?: typeof webhooksMachine }) {
  const styles = useStyles();
  const t = useT();
  const actor = useActorRef(logic);
  const webhooks = useSelector(actor, (s) => s.context.webhooks);
  const deliveries = useSelector(actor, (s) => s.context.deliveries);
  const deadLetters = useSelector(actor, (s) => s.context.deadLetters);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const secret = useSelector(actor, (s) => s.context.secret);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | undefined>();
  const [rotating, setRotating] = useState<Webhook | undefined>();
  return (
    <section className={styles.view} aria-label={t('webhooks.title')}>
      <Title2 as="h2">{t('webhooks.title')}</Title2>
      <Card className={styles.card}>
        <div className={styles.toolbar}>
          <Button appearance="primary" icon={<AddRegular />} disabled={busy} onClick={() => setCreating(true)}>
            {t('webhooks.new')}
          </Button>
          <Button
            icon={<ArrowClockwiseRegular />}
            disabled={busy}
            onClick={() => actor.send({ type: 'webhooks.refresh' })}
          >
            {t('webhooks.refresh')}
          </Button>
          {busy && <Spinner size="tiny" label={t('webhooks.working')} />}
        </div>
        <ActOutcome errors={[error]} notice={notice} />
        <WebhooksTable
          webhooks={webhooks}
          busy={busy}
          onAct={(act) => actor.send(act)}
          onEdit={setEditing}
          onRotate={setRotating}
        />
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h3">{t('webhooks.deadLetters')}</Subtitle2>
        <DeliveriesTable
          label={t('webhooks.deadLetters')}
          deliveries={deadLetters}
          webhooks={webhooks}
          busy={busy}
          onSendAgain={(deliveryId) => actor.send({ type: 'webhooks.sendAgain', deliveryId })}
        />
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h3">{t('webhooks.deliveryLog')}</Subtitle2>
        <DeliveriesTable label={t('webhooks.deliveryLog')} deliveries={deliveries} webhooks={webhooks} busy={busy} />
      </Card>
      {creating && (
        <WebhookDialog
          onCancel={() => setCreating(false)}
          onSave={(body) => {
            setCreating(false);
            actor.send({ type: 'webhooks.create', body });
          }}
        />
      )}
      {editing && (
        <WebhookDialog
          key={editing.id}
          webhook={editing}
          onCancel={() => setEditing(undefined)}
          onSave={(patch) => {
            setEditing(undefined);
            actor.send({ type: 'webhooks.update', id: editing.id, patch });
          }}
        />
      )}
      <RotateSecretDialog
        webhook={rotating}
        onCancel={() => setRotating(undefined)}
        onConfirm={(id) => {
          setRotating(undefined);
          actor.send({ type: 'webhooks.rotateSecret', id });
        }}
      />
      <SecretDialog secret={secret} onDone={() => actor.send({ type: 'webhooks.dismissSecret' })} />
    </section>
  );
}
