// The tourist profile panel's statechart (issue 34): each open is a fresh read; opening another tourist
// replaces the one shown (a late answer for the first never shows); a failed read keeps the server's sentence
// and can be retried; erasing asks first, then leaves a sentence instead of the profile.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { TouristProfile } from '../../src/api/tourist-profile.ts';
import { touristProfileMachine } from '../../src/machines/touristProfileMachine.ts';
import { inEnglish } from '../../src/i18n/english.ts';

const profileOf = (id: string) => ({ id, name: `Name of ${id}` }) as TouristProfile;
const UNKNOWN = 'No tourist t-gone: it was never registered, or it was erased.';

function start(options: { failFirst?: boolean; slow?: string } = {}) {
  const reads: string[] = [];
  const erased: string[] = [];
  const logic = touristProfileMachine.provide({
    actors: {
      fetchProfile: fromPromise(async ({ input }: { input: { touristId: string } }) => {
        reads.push(input.touristId);
        if (options.failFirst && reads.length === 1) throw new ApiError(UNKNOWN, UNKNOWN, 404);
        if (input.touristId === options.slow) await new Promise((resolve) => setTimeout(resolve, 50));
        return profileOf(input.touristId);
      }),
      erase: fromPromise(
        async ({ input }: { input: { touristId: string } }) => (
          erased.push(input.touristId), { anonymousId: 'erased-1' }
        ),
      ),
    } as never,
  });
  return { actor: createActor(logic).start(), reads, erased };
}

describe('the tourist profile statechart', () => {
  it('reads on each open, and the last tourist opened is the one shown', async () => {
    const { actor, reads } = start({ slow: 't-first' });
    actor.send({ type: 'profile.open', touristId: 't-first' });
    actor.send({ type: 'profile.open', touristId: 't-second' });
    const shown = await waitFor(actor, (s) => s.matches({ open: 'shown' }));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(actor.getSnapshot().context.profile?.id).toBe('t-second');
    expect(shown.context.touristId).toBe('t-second');
    expect(reads).toEqual(['t-first', 't-second']);
    actor.send({ type: 'profile.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.profile).toBeUndefined();
  });

  it("keeps the server's sentence when the read fails, and Retry reads again", async () => {
    const { actor, reads } = start({ failFirst: true });
    actor.send({ type: 'profile.open', touristId: 't-gone' });
    const failed = await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(failed.context.error).toBe(UNKNOWN);
    actor.send({ type: 'profile.retry' });
    const shown = await waitFor(actor, (s) => s.matches({ open: 'shown' }));
    expect(shown.context.error).toBeUndefined();
    expect(reads).toEqual(['t-gone', 't-gone']);
  });

  it('erases only after confirming, then says what it did', async () => {
    const { actor, erased } = start();
    actor.send({ type: 'profile.open', touristId: 't-erase' });
    await waitFor(actor, (s) => s.matches({ open: 'shown' }));
    actor.send({ type: 'profile.erase' });
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
    actor.send({ type: 'profile.erase' });
    actor.send({ type: 'profile.confirm' });
    const done = await waitFor(actor, (s) => s.matches({ open: 'erased' }));
    expect(erased).toEqual(['t-erase']);
    expect(done.context.profile).toBeUndefined();
    expect(done.context.notice && inEnglish(done.context.notice.id, done.context.notice.values)).toBe(
      "Erased: t-erase's personal data is gone; their incidents stay as erased-1.",
    );
  });
});
