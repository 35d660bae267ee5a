// The Webhooks view (issue 34 point 5) as an admin uses it: the configured webhooks, the dead letters with
// "Send again", the delivery log, and a new webhook whose secret is shown once. Other roles are not offered it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '../../src/api/webhooks.ts';
import { FakeApi } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SMS: Webhook = {
  id: 'wh_sms',
  name: 'SMS gateway',
  url: 'https://sms.example.org/hook',
  events: ['panic.created'],
  regionId: null,
  minSeverity: null,
  enabled: true,
  createdBy: 'dana',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

function delivery(id: string, state: WebhookDelivery['state'], seq: number): WebhookDelivery {
  return {
    id,
    seq,
    webhookId: 'wh_sms',
    eventId: `evt_${seq}`,
    eventType: 'panic.created',
    state,
    attempts: state === 'dead' ? 14 : 1,
    createdAt: '2026-11-26T10:05:00.000Z',
    nextAttemptAt: null,
    lastAttemptAt: '2026-11-26T10:06:00.000Z',
    lastStatus: state === 'dead' ? 503 : 200,
    lastError: state === 'dead' ? 'HTTP 503: gateway down' : null,
    deliveredAt: null,
  };
}

/** A backend with one webhook, one dead letter and one delivered row; "send again" makes the dead one pending. */
function webhooksApi(role: 'admin' | 'supervisor' = 'admin') {
  const api = signedInAs(new FakeApi(), userWith(role));
  const rows = [delivery('msg_dead', 'dead', 2), delivery('msg_ok', 'delivered', 1)];
  api.routes.set('/webhooks', () => ({ body: { ok: true, webhooks: [SMS] } }));
  api.routes.set('/webhooks/deliveries', (query) => ({
    body: {
      ok: true,
      deliveries: rows.filter((row) => !query.get('state') || row.state === query.get('state')),
      nextBefore: null,
    },
  }));
  api.routes.set('/webhooks/deliveries/msg_dead/send-again#post', () => {
    rows[0] = { ...rows[0], state: 'pending', attempts: 0 };
    return { body: { ok: true, delivery: rows[0] } };
  });
  api.routes.set('/webhooks#post', (_query, body) => ({
    status: 201,
    body: {
      ok: true,
      webhook: { ...SMS, id: 'wh_chat', ...(body as object) },
      secret: 'whsec_c2VjcmV0LWJ5dGVzLWZvci10ZXN0',
    },
  }));
  return api;
}

async function openWebhooks() {
  await userEvent.click(screen.getByRole('button', { name: 'Webhooks' }));
  await settle();
  return screen.findByRole('table', { name: 'Webhooks' });
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the Webhooks view', () => {
  it('lists the webhooks, the dead letters and the delivery log', async () => {
    await renderDashboard({ api: webhooksApi() });
    const table = await openWebhooks();
    expect(cellsOf(table)[0].slice(0, 4)).toEqual([
      'SMS gateway',
      'https://sms.example.org/hook',
      'New panic',
      'Enabled',
    ]);
    const dead = screen.getByRole('table', { name: 'Dead letters' });
    expect(cellsOf(dead).map((cells) => [cells[3], cells[4], cells[5], cells[6]])).toEqual([
      ['dead', '14', 'HTTP 503: gateway down', 'msg_dead'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Delivery log' })).map((cells) => cells[6])).toEqual([
      'msg_dead',
      'msg_ok',
    ]);
  });

  it('"Send again" sends the dead letter again and reads the lists again', async () => {
    const api = webhooksApi();
    await renderDashboard({ api });
    await openWebhooks();
    await userEvent.click(screen.getByRole('button', { name: 'Send msg_dead again' }));
    await settle();
    expect(api.callsTo('/webhooks/deliveries/msg_dead/send-again', 'POST')).toHaveLength(1);
    expect((await screen.findByRole('status')).textContent).toBe('msg_dead will be sent again.');
    expect(screen.queryByRole('table', { name: 'Dead letters' })).toBeNull();
    expect(screen.getByText('Dead letters: none.')).toBeTruthy();
  });

  it('creates a webhook and shows its secret once', async () => {
    const api = webhooksApi();
    await renderDashboard({ api });
    await openWebhooks();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const form = await screen.findByRole('form', { name: 'New webhook', hidden: true });
    // Pasted, not typed key by key: the form renders once per key, which a loaded machine took seconds for.
    await user.click(within(form).getByLabelText(/Name/));
    await user.paste('Chat room');
    await user.click(within(form).getByLabelText(/URL/));
    await user.paste('https://chat.example.org/relay');
    await user.click(within(form).getByLabelText('Escalation'));
    await user.selectOptions(within(form).getByLabelText(/Severity/), 'High only');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await settle();
    expect(api.callsTo('/webhooks', 'POST')[0].body).toEqual({
      name: 'Chat room',
      url: 'https://chat.example.org/relay',
      events: ['panic.created', 'incident.escalated'],
      minSeverity: 'high',
    });
    // `hidden: true` (here, for the form above and for its Done button): Fluent's tabster may leave the
    // document's portal host aria-hidden, so the dialog is there but out of the accessibility tree. Seen when
    // test files share one document (vitest `isolate: false`), and with this file alone since 2026-11-27.
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveProperty(
      'value',
      'whsec_c2VjcmV0LWJ5dGVzLWZvci10ZXN0',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done', hidden: true }));
    await settle();
    expect(screen.queryByDisplayValue('whsec_c2VjcmV0LWJ5dGVzLWZvci10ZXN0')).toBeNull();
  });

  it('edits a webhook in place: its URL, events and enabled switch, sent as one change', async () => {
    const api = webhooksApi();
    api.routes.set('/webhooks/wh_sms#patch', (_query, body) => ({
      body: { ok: true, webhook: { ...SMS, ...(body as object) } },
    }));
    await renderDashboard({ api });
    const table = await openWebhooks();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Edit SMS gateway' }));
    const form = await screen.findByRole('form', { name: 'Edit SMS gateway', hidden: true });
    expect(within(form).getByLabelText(/URL/)).toHaveProperty('value', 'https://sms.example.org/hook');
    await user.clear(within(form).getByLabelText(/URL/));
    await user.click(within(form).getByLabelText(/URL/));
    await user.paste('https://sms2.example.org/hook');
    await user.click(within(form).getByLabelText('Unit dispatched'));
    await user.click(within(form).getByRole('switch', { name: 'Enabled' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await settle();
    expect(api.callsTo('/webhooks/wh_sms', 'PATCH')[0].body).toEqual({
      name: 'SMS gateway',
      url: 'https://sms2.example.org/hook',
      events: ['panic.created', 'incident.dispatched'],
      minSeverity: null,
      enabled: false,
    });
    expect(await screen.findByText('SMS gateway was saved.')).toBeTruthy();
  });

  it('rotates a secret only once confirmed, and shows the new one once', async () => {
    const api = webhooksApi();
    api.routes.set('/webhooks/wh_sms#patch', () => ({
      body: { ok: true, webhook: SMS, secret: 'whsec_bmV3LXNlY3JldC1ieXRlcy1mb3ItdGVzdA==' },
    }));
    await renderDashboard({ api });
    const table = await openWebhooks();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Rotate the secret of SMS gateway' }));
    // Found by its title's text: the dialog may be out of the accessibility tree here (see the test above).
    const askDialog = async () =>
      (await screen.findByText('Rotate the secret of SMS gateway?')).closest('[role="alertdialog"]') as HTMLElement;
    const ask = await askDialog();
    await user.click(within(ask).getByRole('button', { name: 'Cancel', hidden: true }));
    await settle();
    expect(api.callsTo('/webhooks/wh_sms', 'PATCH')).toEqual([]);
    await waitFor(() => expect(screen.queryByText('Rotate the secret of SMS gateway?')).toBeNull());
    // `hidden: true`: a closed modal may leave the page out of the accessibility tree in the shared document.
    await user.click(within(table).getByRole('button', { name: 'Rotate the secret of SMS gateway', hidden: true }));
    const again = await askDialog();
    await user.click(within(again).getByRole('button', { name: 'Rotate secret', hidden: true }));
    await settle();
    expect(api.callsTo('/webhooks/wh_sms', 'PATCH').map((call) => call.body)).toEqual([{ rotateSecret: true }]);
    const secret = await screen.findByDisplayValue('whsec_bmV3LXNlY3JldC1ieXRlcy1mb3ItdGVzdA==');
    const shown = secret.closest('[role="alertdialog"]') as HTMLElement;
    expect(within(shown).getByText('Signing secret for SMS gateway')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done', hidden: true }));
    await settle();
    expect(screen.queryByDisplayValue('whsec_bmV3LXNlY3JldC1ieXRlcy1mb3ItdGVzdA==')).toBeNull();
  });

  it('is not offered to a supervisor', async () => {
    await renderDashboard({ api: webhooksApi('supervisor') });
    await settle();
    expect(screen.getByRole('button', { name: 'Audit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Webhooks' })).toBeNull();
  });
});
