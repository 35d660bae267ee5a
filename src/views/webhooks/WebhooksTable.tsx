import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookEventType } from '../../api/webhooks.ts';
import type { WebhookAct } from '../../machines/webhooksMachine.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  url: { wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type;

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
  if (webhooks.length === 0) return <p>No webhook is configured: nothing is sent.</p>;
  return (
    <div className={styles.scroll}>
      <Table aria-label="Webhooks" size="small">
        <TableHeader>
          <TableRow>
            {['Name', 'URL', 'Events', 'State', 'Actions'].map((title) => (
              <TableHeaderCell key={title}>{title}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id}>
              <TableCell>{webhook.name}</TableCell>
              <TableCell className={styles.url}>{webhook.url}</TableCell>
              <TableCell>
                {webhook.events.map(eventLabel).join(', ')}
                {webhook.minSeverity && webhook.minSeverity !== 'low' && ` (${webhook.minSeverity === 'high' ? 'high only' : 'medium and high'})`}
              </TableCell>
              <TableCell>
                <Badge appearance="tint" color={webhook.enabled ? 'success' : 'danger'}>
                  {webhook.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
              </TableCell>
              <TableCell>
                <span className={styles.actions}>
                  <Button size="small" disabled={busy} onClick={() => onAct({ type: 'webhooks.test', id: webhook.id })} aria-label={`Send test event to ${webhook.name}`}>
                    Send test event
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => onAct({ type: 'webhooks.setEnabled', id: webhook.id, enabled: !webhook.enabled })}>
                    {webhook.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => onEdit(webhook)} aria-label={`Edit ${webhook.name}`}>
                    Edit
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => onRotate(webhook)} aria-label={`Rotate the secret of ${webhook.name}`}>
                    Rotate secret
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => onAct({ type: 'webhooks.delete', id: webhook.id })} aria-label={`Delete ${webhook.name}`}>
                    Delete
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
