// Requests sent from a page as the public reference clients send them: axios 1 in the browser (its default
// Accept, JSON bodies as application/json, `params` as a query string), and the phone app's interceptor,
// which adds `Authorization: Bearer <localStorage did.token>` to every request once the token is held.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface ClientRequest {
  method: 'GET' | 'POST';
  path: string;
  params?: Record<string, string | number>;
  body?: unknown;
  /** axios's `timeout` (the phone app's status check: 5 s). */
  timeoutMs?: number;
}

export interface ClientAnswer {
  /** What was sent, for messages: `POST /tourists/register`. */
  request: string;
  /** 0 when the browser gave the page no answer (refused across origins, network error, timeout). */
  status: number;
  body: any;
  /** The browser's error when status is 0. */
  error?: string;
  /** Whether the request carried the Digital ID token. */
  withToken: boolean;
  contentType: string | null;
}

const AXIOS_ACCEPT = 'application/json, text/plain, */*';

/** Sends one request from the page, the way axios and the phone app's interceptor would. */
export async function sendAsClient(page: Page, api: string, request: ClientRequest): Promise<ClientAnswer> {
  const query = new URLSearchParams(
    Object.entries(request.params ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  const path = query ? `${request.path}?${query}` : request.path;
  const answer = await page.evaluate(
    async ({ url, method, body, timeoutMs, accept }) => {
      const token = localStorage.getItem('did.token');
      const headers: Record<string, string> = { Accept: accept };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      try {
        const response = await fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
        });
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // a CSV or an HTML error page stays text
        }
        return {
          status: response.status,
          body: parsed as any,
          withToken: !!token,
          contentType: response.headers.get('content-type'),
        };
      } catch (error) {
        return { status: 0, body: undefined, error: String(error), withToken: !!token, contentType: null };
      }
    },
    {
      url: `${api}${path}`,
      method: request.method,
      body: request.body,
      timeoutMs: request.timeoutMs,
      accept: AXIOS_ACCEPT,
    },
  );
  return { request: `${request.method} ${path}`, ...answer };
}

/** What the client would make of it, for a failure message: "POST /did/issue answered 400: {…}". */
export function told(answer: ClientAnswer): string {
  const how = answer.withToken ? ' (with the token)' : '';
  if (answer.status === 0) return `${answer.request}${how} got no answer in the page: ${answer.error}`;
  return `${answer.request}${how} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`;
}

/** axios resolves only on 2xx: anything else is the client's failure path (offline, queued, "Failed to …"). */
export function expectSucceeded(answer: ClientAnswer): void {
  expect(answer.status >= 200 && answer.status < 300, told(answer)).toBe(true);
}

/** Holds or drops the Digital ID token as the phone app does (Security → Issue ID, Clear ID). */
export async function holdToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate(
    (value) => (value === null ? localStorage.removeItem('did.token') : localStorage.setItem('did.token', value)),
    token,
  );
}
