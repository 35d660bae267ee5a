import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Severity } from '../../api/fields.ts';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '../../api/webhooks.ts';
import type { WebhookFields } from '../../machines/webhooksMachine.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  events: { display: 'flex', flexDirection: 'column' },
});

/**
 * A webhook's name, address, events and least severity: a new one (`webhook` absent), or one to change, whose
 * enabled switch is shown too. The server chooses the secret and checks the address. Mounted per opening, so
 * each starts from what it is given.
 */
export function WebhookDialog({
  webhook,
  onSave,
  onCancel,
}: {
  webhook?: Webhook;
  onSave: (fields: WebhookFields) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  const title = webhook ? t('webhooks.editNamed', { name: webhook.name }) : t('webhooks.new');
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(
    (webhook?.events as WebhookEventType[] | undefined) ?? ['panic.created'],
  );
  const [minSeverity, setMinSeverity] = useState<Severity | ''>(webhook?.minSeverity ?? '');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const severity = webhook ? { minSeverity: minSeverity || null } : minSeverity ? { minSeverity } : {};
    onSave({ name: name.trim(), url: url.trim(), events, ...severity, ...(webhook && { enabled }) });
  };
  const toggle = (type: WebhookEventType, checked: boolean) =>
    setEvents((chosen) =>
      checked
        ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || chosen.includes(each))
        : chosen.filter((each) => each !== type),
    );
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form onSubmit={submit} aria-label={title}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('webhooks.name')} required>
                <Input value={name} onChange={(_, data) => setName(data.value)} autoComplete="off" />
              </Field>
              <Field label={t('webhooks.url')} required hint={t('webhooks.urlHint')}>
                <Input type="url" value={url} onChange={(_, data) => setUrl(data.value)} autoComplete="off" />
              </Field>
              <fieldset className={styles.events}>
                <legend>{t('webhooks.events')}</legend>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    label={t(`webhooks.event.${type}`)}
                    checked={events.includes(type)}
                    onChange={(_, data) => toggle(type, data.checked === true)}
                  />
                ))}
              </fieldset>
              <Field label={t('webhooks.severity')} hint={t('webhooks.severityHint')}>
                <Select value={minSeverity} onChange={(_, data) => setMinSeverity(data.value as Severity | '')}>
                  <option value="">{t('webhooks.everySeverity')}</option>
                  <option value="medium">{t('webhooks.mediumAndHigh')}</option>
                  <option value="high">{t('webhooks.highOnly')}</option>
                </Select>
              </Field>
              {webhook && (
                <Switch
                  label={t('webhooks.enabled')}
                  checked={enabled}
                  onChange={(_, data) => setEnabled(data.checked)}
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={events.length === 0}>
                {t(webhook ? 'webhooks.save' : 'webhooks.create')}
              </Button>
              <Button type="button" onClick={onCancel}>
                {t('webhooks.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
