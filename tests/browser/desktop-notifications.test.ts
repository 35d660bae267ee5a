// A panic's desktop notification speaks the operator's language (issue 36): the one the console keeps
// (dash.lang), with the time in 24 hours in Asia/Kolkata; English when none was chosen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { panicNotification } from '../../src/browser/desktop-notifications.ts';
import type { PanicSummary } from '../../src/domain/open-panics.ts';
import { FakeNotification } from '../views/support/fake-notification.ts';

const panic = {
  id: 'P-1',
  regionId: 'shillong',
  latitude: 25.5788,
  longitude: 91.8933,
  createdAt: '2026-11-26T23:30:00.000Z',
} as PanicSummary;

async function notified(): Promise<FakeNotification> {
  createActor(panicNotification, { input: { panic } }).start();
  await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
  return FakeNotification.shown[0]!;
}

beforeEach(() => {
  localStorage.clear();
  FakeNotification.reset();
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'hasFocus').mockReturnValue(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a panic's notification", () => {
  it('reads in English unless another language was chosen', async () => {
    const shown = await notified();
    expect(shown.title).toBe('New panic alert in shillong');
    expect(shown.options?.body).toBe('27 Nov 2026, 05:00:00 · 25.57880, 91.89330');
  });

  it('reads in Hindi when the console speaks Hindi', async () => {
    localStorage.setItem('dash.lang', 'hi');
    const shown = await notified();
    expect(shown.title).toBe('shillong में नया पैनिक अलर्ट');
    expect(shown.options?.body).toMatch(/05:00:00 · 25\.57880, 91\.89330$/);
  });

  it('reads in Assamese when the console speaks Assamese', async () => {
    localStorage.setItem('dash.lang', 'as');
    expect((await notified()).title).toBe('shillongত নতুন পেনিক এলাৰ্ট');
  });
});
