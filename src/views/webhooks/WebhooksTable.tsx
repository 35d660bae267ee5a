import {
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '../../api/webhooks.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT, type Translate } from '../../i18n/useT.ts';
import type { WebhookAct } from '../../machines/webhooksMachine.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  url: { wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const COLUMNS: readonly MessageId[] = [
  'webhooks.name',
  'webhooks.url',
  'webhooks.events',
  'webhooks.state',
  'webhooks.actions',
];

const eventLabel = (type: string, t: Translate) =>
  WEBHOOK_EVENT_TYPES.includes(type as WebhookEventType) ? t(`webhooks.event.${type as WebhookEventType}`) : type;

/** The events a webhook receives, and the least severity when it is not every one. */
function eventsText(webhook: Webhook, t: Translate): string {
  const events = webhook.events.map((type) => eventLabel(type, t)).join(', ');
  if (!webhook.minSeverity || webhook.minSeverity === 'low') return events;
  return t(webhook.minSeverity === 'high' ? 'webhooks.eventsHighOnly' : 'webhooks.eventsMediumAndHigh', { events });
}

interface WebhooksTableProps {
  webhooks: readonly Webhook[];
  busy: boolean;
  onAct: (act: WebhookAct) => void;
  /** Opens the form on this webhook. */
  onEdit: (webhook: Webhook) => void;
  /** Asks before a new secret replaces the one the receiver checks with. */
  onRotate: (webhook: Webhook) => void;
}

export function WebhooksTable({ webhooks, busy, onAct, onEdit, onRotate }: WebhooksTableProps) {
  const styles = useStyles();
  const t = useT();
  if (webhooks.length === 0) return <p>{t('webhooks.none')}</p>;
  return (
    <div className={styles.scroll}>
      <Table aria-label={t('webhooks.title')} size="small">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableHeaderCell key={title}>{t(title)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id}>
              <TableCell>{webhook.name}</TableCell>
              <TableCell className={styles.url}>{webhook.url}</TableCell>
              <TableCell>{eventsText(webhook, t)}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={webhook.enabled ? 'success' : 'danger'}>
                  {t(webhook.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
                </Badge>
              </TableCell>
              <TableCell>
                <span className={styles.actions}>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onAct({ type: 'webhooks.test', id: webhook.id })}
                    aria-label={t('webhooks.sendTestTo', { name: webhook.name })}
                  >
                    {t('webhooks.sendTest')}
                  </Button>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onAct({ type: 'webhooks.setEnabled', id: webhook.id, enabled: !webhook.enabled })}
                  >
                    {t(webhook.enabled ? 'webhooks.disable' : 'webhooks.enable')}
                  </Button>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onEdit(webhook)}
                    aria-label={t('webhooks.editNamed', { name: webhook.name })}
                  >
                    {t('webhooks.edit')}
                  </Button>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onRotate(webhook)}
                    aria-label={t('webhooks.rotateNamed', { name: webhook.name })}
                  >
                    {t('webhooks.rotate')}
                  </Button>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onAct({ type: 'webhooks.delete', id: webhook.id })}
                    aria-label={t('webhooks.deleteNamed', { name: webhook.name })}
                  >
                    {t('webhooks.delete')}
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
