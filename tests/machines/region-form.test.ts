// The Regions form's statechart (issue 31): an edit starts from the region read fresh, a save creates or
// replaces it, a refusal keeps the draft with the server's sentence, and another admin's save meanwhile is a
// conflict the admin settles by keeping their draft or taking the other version. Effects are swapped actors.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { Region } from '../../src/api/entities.ts';
import type { RegionDraft } from '../../src/domain/region-draft.ts';
import { hi } from '../../src/i18n/catalogues/hi.ts';
import { inEnglish } from '../../src/i18n/english.ts';
import { localeTag } from '../../src/i18n/languages.ts';
import { wordsOf } from '../../src/i18n/said.ts';
import { translator } from '../../src/i18n/translate.ts';
import { regionFormMachine } from '../../src/machines/regionFormMachine.ts';

const SHILLONG: Region = {
  id: 'shillong',
  name: 'Shillong',
  center: [25.5788, 91.8933],
  timeZone: 'Asia/Kolkata',
  contacts: [{ label: 'Emergency', phone: '112', kind: 'emergency' }],
  homeView: { center: [25.5788, 91.8933], zoom: 13 },
  boundary: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
};

function startForm(
  regionId: string | undefined,
  save: (input: { draft: RegionDraft; replace: boolean }) => Promise<Region>,
) {
  const saves: { draft: RegionDraft; replace: boolean }[] = [];
  const logic = regionFormMachine.provide({
    actors: {
      loadRegion: fromPromise<Region | undefined, { regionId: string }>(async () => SHILLONG),
      saveRegion: fromPromise(async ({ input }: { input: { draft: RegionDraft; replace: boolean } }) => {
        saves.push(input);
        return save(input);
      }),
    },
  });
  const form = createActor(logic, { input: { regionId } }).start();
  return { form, saves };
}

const savedAs = (draft: RegionDraft, updatedAt: string): Region => ({
  ...SHILLONG,
  ...draft,
  center: draft.homeView.center,
  updatedAt,
});

describe('the region form', () => {
  it('edits a region read fresh: a contact added is saved as a replacement, and the form ends with the saved region', async () => {
    const { form, saves } = startForm('shillong', async ({ draft }) => savedAs(draft, '2026-11-26T11:00:00.000Z'));
    await waitFor(form, (s) => s.matches('editing'));
    expect(form.getSnapshot().context.draft.name).toBe('Shillong');
    form.send({ type: 'contact.add' });
    form.send({
      type: 'contact.change',
      index: 1,
      patch: { label: 'Police Bazar station', phone: '0364-2222222', kind: 'police' },
    });
    form.send({ type: 'form.save' });
    const done = await waitFor(form, (s) => s.status === 'done');
    expect(saves).toHaveLength(1);
    expect(saves[0].replace).toBe(true);
    expect(saves[0].draft.contacts.at(-1)).toEqual({
      label: 'Police Bazar station',
      phone: '0364-2222222',
      kind: 'police',
    });
    expect(done.output?.region?.updatedAt).toBe('2026-11-26T11:00:00.000Z');
  });

  it("creates a new region (no read first), and a refused save keeps the draft with the server's sentence", async () => {
    const refusal =
      'Invalid request body: id shillong is taken: a region with this id exists (edit it with PUT /regions/shillong).';
    const { form, saves } = startForm(undefined, async () => {
      throw new ApiError('Bad request', refusal, 400);
    });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    form.send({ type: 'form.change', patch: { id: 'shillong', name: 'Again' } });
    form.send({ type: 'form.save' });
    const refused = await waitFor(form, (s) => s.matches('editing') && s.context.error !== undefined);
    expect(saves[0].replace).toBe(false);
    expect(refused.context.error).toBe(refusal);
    expect(refused.context.draft).toMatchObject({ id: 'shillong', name: 'Again' });
  });

  it("takes its own save's echo quietly, but another admin's save meanwhile is a conflict: keep mine, or take theirs", async () => {
    const { form } = startForm('shillong', async ({ draft }) => savedAs(draft, '2026-11-26T12:00:00.000Z'));
    await waitFor(form, (s) => s.matches('editing'));
    form.send({ type: 'region.seen', region: SHILLONG });
    expect(form.getSnapshot().matches('editing')).toBe(true);

    form.send({ type: 'form.change', patch: { name: 'Mine' } });
    const theirs: Region = { ...SHILLONG, name: 'Theirs', updatedAt: '2026-11-26T11:30:00.000Z' };
    form.send({ type: 'region.seen', region: theirs });
    expect(form.getSnapshot().matches('conflict')).toBe(true);
    form.send({ type: 'conflict.keepMine' });
    expect(form.getSnapshot().context.draft.name).toBe('Mine');
    // Their version is the base now: seeing it again is no new conflict.
    form.send({ type: 'region.seen', region: theirs });
    expect(form.getSnapshot().matches('editing')).toBe(true);

    const later: Region = { ...SHILLONG, name: 'Theirs again', updatedAt: '2026-11-26T11:45:00.000Z' };
    form.send({ type: 'region.seen', region: later });
    form.send({ type: 'conflict.takeTheirs' });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.draft.name).toBe('Theirs again');
  });

  it('a boundary drawn on the map, reshaped, undone and redone is what is saved; one that crosses itself is not saved', async () => {
    const { form, saves } = startForm('shillong', async ({ draft }) => savedAs(draft, '2026-11-26T13:00:00.000Z'));
    await waitFor(form, (s) => s.matches('editing'));
    expect(form.getSnapshot().matches({ editing: 'viewing' })).toBe(true);
    expect(form.getSnapshot().can({ type: 'boundary.edit' })).toBe(false);
    form.send({ type: 'boundary.draw', shape: 'rectangle' });
    expect(form.getSnapshot().matches({ editing: 'drawing' })).toBe(true);
    expect(form.getSnapshot().context.drawShape).toBe('rectangle');
    const drawn: [number, number][] = [
      [25.6, 91.85],
      [25.6, 91.92],
      [25.55, 91.92],
      [25.55, 91.85],
    ];
    form.send({ type: 'boundary.drawn', boundary: drawn });
    expect(form.getSnapshot().matches({ editing: 'reshaping' })).toBe(true);
    const moved: [number, number][] = [[25.61, 91.85], ...drawn.slice(1)];
    form.send({ type: 'boundary.reshape', boundary: moved });
    // The same ring again (terra-draw finishing an edit that moved nothing) is no step to undo.
    form.send({ type: 'boundary.reshape', boundary: moved.map(([lat, lng]) => [lat, lng]) });
    expect(form.getSnapshot().context.boundarySteps.past).toEqual([null, drawn]);
    form.send({ type: 'boundary.undo' });
    expect(form.getSnapshot().context.draft.boundary).toEqual(drawn);
    form.send({ type: 'boundary.undo' });
    expect(form.getSnapshot().context.draft.boundary).toBeNull();
    expect(form.getSnapshot().can({ type: 'boundary.undo' })).toBe(false);
    form.send({ type: 'boundary.redo' });
    form.send({ type: 'boundary.redo' });
    expect(form.getSnapshot().context.draft.boundary).toEqual(moved);

    // A vertex dragged across the opposite edge: the form says so and does not save.
    const crossed: [number, number][] = [
      [25.6, 91.85],
      [25.55, 91.92],
      [25.6, 91.92],
      [25.55, 91.85],
    ];
    form.send({ type: 'boundary.reshape', boundary: crossed });
    expect(form.getSnapshot().can({ type: 'form.save' })).toBe(false);
    form.send({ type: 'form.save' });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    form.send({ type: 'boundary.undo' });
    form.send({ type: 'boundary.done' });
    expect(form.getSnapshot().matches({ editing: 'viewing' })).toBe(true);
    form.send({ type: 'form.save' });
    await waitFor(form, (s) => s.status === 'done');
    expect(saves.map((save) => save.draft.boundary)).toEqual([moved]);
  });

  it("says an unknown region is unknown in the console's language, not in the statechart's", async () => {
    const logic = regionFormMachine.provide({
      actors: { loadRegion: fromPromise<Region | undefined, { regionId: string }>(async () => undefined) },
    });
    const form = createActor(logic, { input: { regionId: 'atlantis' } }).start();
    const failed = await waitFor(form, (s) => s.matches('loadFailed'));
    expect(wordsOf(inEnglish, failed.context.error!)).toBe('No region has id atlantis.');
    expect(wordsOf(translator(hi, localeTag('hi')), failed.context.error!)).toBe('आईडी atlantis वाला कोई क्षेत्र नहीं है।');
  });
});
