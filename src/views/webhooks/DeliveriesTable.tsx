import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { Webhook, WebhookDelivery } from '../../api/webhooks.ts';
import { formatTime } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  // At 390 px the eight columns squeezed into the card's width overlapped: the table keeps a readable width
  // and scrolls sideways inside its own box, the page does not.
  scroll: { overflowX: 'auto', maxWidth: '100%', minWidth: 0 },
  table: { minWidth: '820px' },
  id: { wordBreak: 'break-all' },
});

const STATE_COLOR = { pending: 'warning', delivered: 'success', dead: 'danger' } as const;

function lastOutcome(delivery: WebhookDelivery): string {
  if (delivery.lastError) return delivery.lastError;
  if (delivery.lastStatus !== null) return `HTTP ${delivery.lastStatus}`;
  return 'Not tried yet';
}

/** The delivery log or the dead letters; with `onSendAgain`, each row offers "Send again". */
export function DeliveriesTable({
  label,
  deliveries,
  webhooks,
  busy,
  onSendAgain,
}: {
  label: string;
  deliveries: readonly WebhookDelivery[];
  webhooks: readonly Webhook[];
  busy: boolean;
  onSendAgain?: (deliveryId: string) => void;
}) {
  const styles = useStyles();
  const clock = useClock();
  if (deliveries.length === 0) return <p>{label}: none.</p>;
  const nameOf = (id: string) => webhooks.find((webhook) => webhook.id === id)?.name ?? id;
  return (
    // Focusable, so that a keyboard can scroll it too.
    <div className={styles.scroll} role="region" aria-label={`${label}, scrolls sideways`} tabIndex={0}>
      <Table aria-label={label} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {['Created', 'Webhook', 'Event', 'State', 'Attempts', 'Last outcome', 'Webhook-Id', ...(onSendAgain ? [''] : [])].map((title) => (
              <TableHeaderCell key={title}>{title}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{formatTime(delivery.createdAt, clock)}</TableCell>
              <TableCell>{nameOf(delivery.webhookId)}</TableCell>
              <TableCell>{delivery.eventType}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={STATE_COLOR[delivery.state]}>
                  {delivery.state}
                </Badge>
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>{lastOutcome(delivery)}</TableCell>
              <TableCell className={styles.id}>{delivery.id}</TableCell>
              {onSendAgain && (
                <TableCell>
                  <Button size="small" disabled={busy} onClick={() => onSendAgain(delivery.id)} aria-label={`Send ${delivery.id} again`}>
                    Send again
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
