// The language switch's statechart (issue 36): a catalogue is fetched before the page speaks it, the choice
// is kept, and a catalogue that cannot come leaves the page in its language with a reason.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from '../../src/machines/languageMachine.ts';
import type { Catalogue } from '../../src/i18n/catalogue.ts';
import type { Language } from '../../src/i18n/languages.ts';
import type { WorkerSettings } from '../../src/domain/worker-settings.ts';

const english = { language: 'en', hour12: false, nativeDigits: false } as const;

describe('the language machine', () => {
  it('starts in English at once, with nothing to fetch', () => {
    const actor = createActor(languageMachine, { input: english }).start();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.catalogue['panicBar.show']).toBe('Show');
  });

  it('speaks Hindi once its catalogue is in, and keeps the choice as dash.lang', async () => {
    localStorage.removeItem('dash.lang');
    const actor = createActor(languageMachine, { input: english }).start();
    actor.send({ type: 'language.choose', language: 'hi' });
    expect(actor.getSnapshot().context.shown).toBe('en');
    const ready = await waitFor(actor, (s) => s.matches('ready'), { timeout: 15_000 });
    expect(ready.context.shown).toBe('hi');
    expect(ready.context.catalogue['panicBar.show']).toBe('दिखाएँ');
    await expect.poll(() => localStorage.getItem('dash.lang'), { timeout: 15_000 }).toBe('hi');
  });

  it('tells the service worker the language the page speaks and its clock, once that language is in', async () => {
    const told: WorkerSettings[] = [];
    const recording = languageMachine.provide({
      actors: { tellWorkerSettings: fromPromise<void, WorkerSettings>(async ({ input }) => void told.push(input)) },
    });
    const actor = createActor(recording, { input: english }).start();
    actor.send({ type: 'language.choose', language: 'hi' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.shown === 'hi', { timeout: 15_000 });
    actor.send({ type: 'hour12.toggle' });
    await expect
      .poll(() => told.at(-1), { timeout: 15_000 })
      .toEqual({ language: 'hi', hour12: true, nativeDigits: false });
    // English first (the start), then Hindi only once its catalogue was in: never a language the page did not speak.
    expect(told.map((settings) => settings.language)).toEqual(['en', 'hi', 'hi']);
  });

  it('a stored Assamese choice is fetched at the start', async () => {
    const actor = createActor(languageMachine, { input: { ...english, language: 'as' } }).start();
    const ready = await waitFor(actor, (s) => s.matches('ready'), { timeout: 15_000 });
    expect([ready.context.shown, ready.context.catalogue['alarm.silence']]).toEqual(['as', 'এলাৰ্ম বন্ধ কৰক']);
  });

  it('a catalogue that cannot be fetched leaves the page in English and says which failed', async () => {
    const offline = languageMachine.provide({
      actors: { loadCatalogue: fromPromise<Catalogue, Language>(() => Promise.reject(new Error('offline'))) },
    });
    const actor = createActor(offline, { input: english }).start();
    actor.send({ type: 'language.choose', language: 'as' });
    const ready = await waitFor(actor, (s) => s.matches('ready'), { timeout: 15_000 });
    expect([ready.context.language, ready.context.shown, ready.context.failed]).toEqual(['en', 'en', 'as']);
  });

  it('keeps the 12-hour clock and native digits settings', async () => {
    const actor = createActor(languageMachine, { input: english }).start();
    actor.send({ type: 'hour12.toggle' });
    actor.send({ type: 'nativeDigits.toggle' });
    expect([actor.getSnapshot().context.hour12, actor.getSnapshot().context.nativeDigits]).toEqual([true, true]);
    await expect
      .poll(() => [localStorage.getItem('dash.hour12'), localStorage.getItem('dash.nativeDigits')], { timeout: 15_000 })
      .toEqual(['1', '1']);
  });
});
