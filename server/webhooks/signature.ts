// The Standard Webhooks signature (https://www.standardwebhooks.com): HMAC-SHA256 over
// `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret's bytes, sent as `v1,<base64>`. The
// timestamp is signed with the body, so a receiver that refuses old timestamps refuses a replayed request.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** 24 random bytes, base64, with the prefix Standard Webhooks libraries expect. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt: the id stays the same across attempts, the timestamp and signature are new. */
export function signedHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}
