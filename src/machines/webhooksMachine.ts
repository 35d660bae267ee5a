// The Webhooks view's data (issue 34 point 5): the configured webhooks, the newest deliveries and the dead
// letters, and one act at a time (create, change, enable or disable, rotate the secret, delete, send a test
// event, send a dead letter again). After each act everything is read again; a new or rotated secret is kept
// until the admin closes the dialog that shows it, then forgotten.
import { assign, fromPromise, setup } from 'xstate';
import { jsonPost, parsed, serverErrorOrMessage } from '../api/client.ts';
import {
  DeliveriesResponse,
  DeliveryResponse,
  WebhookDeletedResponse,
  WebhooksResponse,
  WebhookWithSecretResponse,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookUpdateBody,
} from '../api/webhooks.ts';
import type { Said } from '../i18n/said.ts';

/** What the webhook form sends: a new one's fields, or a change's (with `enabled`, and `minSeverity: null` for every severity). */
export type WebhookFields = Pick<WebhookCreateBody, 'url' | 'events'> & {
  name: string;
  minSeverity?: WebhookCreateBody['minSeverity'];
  enabled?: boolean;
};

export type WebhookAct =
  | { type: 'webhooks.create'; body: WebhookFields }
  | { type: 'webhooks.update'; id: string; patch: WebhookFields }
  | { type: 'webhooks.rotateSecret'; id: string }
  | { type: 'webhooks.setEnabled'; id: string; enabled: boolean }
  | { type: 'webhooks.delete'; id: string }
  | { type: 'webhooks.test'; id: string }
  | { type: 'webhooks.sendAgain'; deliveryId: string };

export type WebhooksEvent = WebhookAct | { type: 'webhooks.refresh' } | { type: 'webhooks.dismissSecret' };

export interface WebhookSecret {
  name: string;
  secret: string;
}

export interface WebhooksSnapshot {
  webhooks: Webhook[];
  deliveries: WebhookDelivery[];
  deadLetters: WebhookDelivery[];
}

export interface WebhooksContext extends WebhooksSnapshot {
  secret: WebhookSecret | undefined;
  notice: Said | undefined;
  error: string | undefined;
}

/** How many of the newest deliveries and dead letters the view shows. */
export const SHOWN_DELIVERIES = 50;

const webhookPath = (id: string, act = '') => `/webhooks/${encodeURIComponent(id)}${act}`;

export async function loadWebhooks(): Promise<WebhooksSnapshot> {
  const [{ webhooks }, { deliveries }, { deliveries: deadLetters }] = await Promise.all([
    parsed(WebhooksResponse, '/webhooks'),
    parsed(DeliveriesResponse, `/webhooks/deliveries?limit=${SHOWN_DELIVERIES}`),
    parsed(DeliveriesResponse, `/webhooks/deliveries?state=dead&limit=${SHOWN_DELIVERIES}`),
  ]);
  return { webhooks, deliveries, deadLetters };
}

/** Runs one act against the server: the only effect besides reading. */
export async function performWebhookAct(act: WebhookAct): Promise<{ notice: Said; secret?: WebhookSecret }> {
  switch (act.type) {
    case 'webhooks.create': {
      const { webhook, secret } = await parsed(WebhookWithSecretResponse, '/webhooks', jsonPost(act.body));
      return {
        notice: { id: 'webhooks.notice.created', values: { name: webhook.name } },
        secret: { name: webhook.name, secret: secret ?? '' },
      };
    }
    case 'webhooks.update': {
      const { webhook } = await parsed(WebhookWithSecretResponse, webhookPath(act.id), {
        ...jsonPost(act.patch satisfies WebhookUpdateBody),
        method: 'PATCH',
      });
      return { notice: { id: 'webhooks.notice.saved', values: { name: webhook.name } } };
    }
    case 'webhooks.rotateSecret': {
      const { webhook, secret } = await parsed(WebhookWithSecretResponse, webhookPath(act.id), {
        ...jsonPost({ rotateSecret: true }),
        method: 'PATCH',
      });
      return {
        notice: { id: 'webhooks.notice.rotated', values: { name: webhook.name } },
        secret: { name: webhook.name, secret: secret ?? '' },
      };
    }
    case 'webhooks.setEnabled': {
      const { webhook } = await parsed(WebhookWithSecretResponse, webhookPath(act.id), {
        ...jsonPost({ enabled: act.enabled }),
        method: 'PATCH',
      });
      return {
        notice: {
          id: webhook.enabled ? 'webhooks.notice.enabled' : 'webhooks.notice.disabled',
          values: { name: webhook.name },
        },
      };
    }
    case 'webhooks.delete':
      await parsed(WebhookDeletedResponse, webhookPath(act.id), { method: 'DELETE' });
      return { notice: { id: 'webhooks.notice.deleted' } };
    case 'webhooks.test': {
      const { delivery } = await parsed(DeliveryResponse, webhookPath(act.id, '/test'), jsonPost({}));
      return { notice: { id: 'webhooks.notice.testQueued', values: { id: delivery.id } } };
    }
    case 'webhooks.sendAgain': {
      const { delivery } = await parsed(
        DeliveryResponse,
        `/webhooks/deliveries/${encodeURIComponent(act.deliveryId)}/send-again`,
        jsonPost({}),
      );
      return { notice: { id: 'webhooks.notice.sendAgain', values: { id: delivery.id } } };
    }
  }
}

const ACTS = [
  'webhooks.create',
  'webhooks.update',
  'webhooks.rotateSecret',
  'webhooks.setEnabled',
  'webhooks.delete',
  'webhooks.test',
  'webhooks.sendAgain',
] as const;

export const webhooksMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
  },
  actors: {
    load: fromPromise<WebhooksSnapshot>(() => loadWebhooks()),
    act: fromPromise<{ notice: Said; secret?: WebhookSecret }, WebhookAct>(({ input }) => performWebhookAct(input)),
  },
  actions: {
    storeSnapshot: assign((_, snapshot: WebhooksSnapshot) => snapshot),
    storeOutcome: assign((_, { notice, secret }: { notice: Said; secret?: WebhookSecret }) => ({
      notice,
      secret,
      error: undefined,
    })),
    showError: assign((_, { error }: { error: unknown }) => ({
      error: serverErrorOrMessage(error),
      notice: undefined,
    })),
    clearMessages: assign({ error: undefined, notice: undefined }),
    forgetSecret: assign({ secret: undefined }),
  },
}).createMachine({
  id: 'webhooks',
  context: { webhooks: [], deliveries: [], deadLetters: [], secret: undefined, notice: undefined, error: undefined },
  initial: 'loading',
  on: { 'webhooks.dismissSecret': { actions: 'forgetSecret' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'storeSnapshot', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'webhooks.refresh': { target: 'loading', actions: 'clearMessages' },
        ...Object.fromEntries(ACTS.map((act) => [act, { target: 'acting', actions: 'clearMessages' }])),
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        src: 'act',
        input: ({ event }) => {
          if (!(ACTS as readonly string[]).includes(event.type)) throw new Error(`no webhook act for ${event.type}`);
          return event as WebhookAct;
        },
        onDone: { target: 'loading', actions: { type: 'storeOutcome', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
