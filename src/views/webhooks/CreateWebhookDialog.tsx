import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Severity } from '../../api/fields.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../api/webhooks.ts';
import type { WebhookAct } from '../../machines/webhooksMachine.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  events: { display: 'flex', flexDirection: 'column' },
});

type CreateBody = Extract<WebhookAct, { type: 'webhooks.create' }>['body'];

/** A new webhook's name, address and events; the server chooses its secret and checks the address. */
export function CreateWebhookDialog({ open, onCreate, onCancel }: { open: boolean; onCreate: (body: CreateBody) => void; onCancel: () => void }) {
  const styles = useStyles();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['panic.created']);
  const [minSeverity, setMinSeverity] = useState<Severity | ''>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name: name.trim(), url: url.trim(), events, ...(minSeverity && { minSeverity }) });
    setName('');
    setUrl('');
  };
  const toggle = (type: WebhookEventType, checked: boolean) =>
    setEvents((chosen) => (checked ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || chosen.includes(each)) : chosen.filter((each) => each !== type)));
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form onSubmit={submit} aria-label="New webhook">
          <DialogBody>
            <DialogTitle>New webhook</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label="Name" required>
                <Input value={name} onChange={(_, data) => setName(data.value)} autoComplete="off" />
              </Field>
              <Field label="URL" required hint="An http:// or https:// address you trust: the server sends incidents there.">
                <Input type="url" value={url} onChange={(_, data) => setUrl(data.value)} autoComplete="off" />
              </Field>
              <fieldset className={styles.events}>
                <legend>Events</legend>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} label={WEBHOOK_EVENT_LABELS[type]} checked={events.includes(type)} onChange={(_, data) => toggle(type, data.checked === true)} />
                ))}
              </fieldset>
              <Field label="Severity" hint="An SMS gateway may want only what is urgent.">
                <Select value={minSeverity} onChange={(_, data) => setMinSeverity(data.value as Severity | '')}>
                  <option value="">Every severity</option>
                  <option value="medium">Medium and high</option>
                  <option value="high">High only</option>
                </Select>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={events.length === 0}>
                Create
              </Button>
              <Button type="button" onClick={onCancel}>
                Cancel
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
