// The service worker's notification click (src/sw/push.ts), against a stand-in for its global scope: Chromium
// lets no test script click a notification (tests/e2e/push-notifications.browser.test.ts says why), so which
// window the click goes to is checked here, and what that window then does is checked in the browser.
import { describe, expect, it } from 'vitest';
import { incidentHref, SHOW_INCIDENT_MESSAGE } from '../../src/domain/incident-route.ts';
import { handlePush } from '../../src/sw/push.ts';

type Listener = (event: unknown) => void;

function workerScope(windowUrls: string[]) {
  const listeners = new Map<string, Listener>();
  const calls: string[] = [];
  const windows = windowUrls.map((url) => ({
    url,
    focus: async () => {
      calls.push(`focus ${url}`);
      return windows[0];
    },
    postMessage: (message: unknown) => calls.push(`post ${url} ${JSON.stringify(message)}`),
  }));
  const scope = {
    location: new URL('https://console.example.org/service-worker.js') as unknown as Location,
    registration: { showNotification: async () => {} },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        calls.push(`open ${url}`);
        return null;
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  handlePush(scope as unknown as Parameters<typeof handlePush>[0]);
  async function click(data: unknown): Promise<string[]> {
    const waits: Promise<unknown>[] = [];
    listeners.get('notificationclick')!({
      notification: { data, close: () => calls.push('close') },
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    await Promise.all(waits);
    return calls;
  }
  return { click };
}

describe('a click on a push notification', () => {
  it('with no console window open, opens one at the incident', async () => {
    expect(await workerScope([]).click({ incidentId: 'inc 1' })).toEqual(['close', `open ${incidentHref('inc 1')}`]);
  });

  it('with a console window open, focuses it and asks it to show the incident, opening none', async () => {
    const calls = await workerScope(['https://elsewhere.example.org/', 'https://console.example.org/']).click({
      incidentId: 'inc-2',
    });
    expect(calls).toEqual([
      'close',
      'focus https://console.example.org/',
      `post https://console.example.org/ ${JSON.stringify({ type: SHOW_INCIDENT_MESSAGE, incidentId: 'inc-2' })}`,
    ]);
  });

  it('without an incident, opens the console', async () => {
    expect(await workerScope([]).click(null)).toEqual(['close', 'open /']);
  });
});
