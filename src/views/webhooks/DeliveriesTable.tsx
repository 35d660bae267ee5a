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
} from '@fluentui/react-components';
import type { Webhook, WebhookDelivery } from '../../api/webhooks.ts';
import { formatTime } from '../../domain/display.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  // At 390 px the eight columns squeezed into the card's width overlapped: the table keeps a readable width
  // and scrolls sideways inside its own box, the page does not.
  scroll: { overflowX: 'auto', maxWidth: '100%', minWidth: 0 },
  table: { minWidth: '820px' },
  id: { wordBreak: 'break-all' },
});

const STATE_COLOR = { pending: 'warning', delivered: 'success', dead: 'danger' } as const;

const COLUMNS: readonly MessageId[] = [
  'webhooks.created',
  'webhooks.webhook',
  'webhooks.event',
  'webhooks.state',
  'webhooks.attempts',
  'webhooks.lastOutcome',
  'webhooks.deliveryId',
];

function lastOutcome(delivery: WebhookDelivery, t: Translate): string {
  if (delivery.lastError) return delivery.lastError;
  if (delivery.lastStatus !== null) return `HTTP ${delivery.lastStatus}`;
  return t('webhooks.notTried');
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
  const t = useT();
  if (deliveries.length === 0) return <p>{t('webhooks.noDeliveries', { label })}</p>;
  const nameOf = (id: string) => webhooks.find((webhook) => webhook.id === id)?.name ?? id;
  return (
    // Focusable, so that a keyboard can scroll it too.
    <div className={styles.scroll} role="region" aria-label={t('webhooks.scrollsSideways', { label })} tabIndex={0}>
      <Table aria-label={label} size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableHeaderCell key={title}>{t(title)}</TableHeaderCell>
            ))}
            {onSendAgain && <TableHeaderCell />}
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
                  {t(`webhooks.delivery.${delivery.state}`)}
                </Badge>
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>{lastOutcome(delivery, t)}</TableCell>
              <TableCell className={styles.id}>{delivery.id}</TableCell>
              {onSendAgain && (
                <TableCell>
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => onSendAgain(delivery.id)}
                    aria-label={t('webhooks.sendAgainNamed', { id: delivery.id })}
                  >
                    {t('webhooks.sendAgain')}
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
