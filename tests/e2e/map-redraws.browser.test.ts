// What the map costs the machine it runs on when a panic arrives: the real server, the built dashboard in
// Chromium with software WebGL, where every frame deck.gl draws redraws every layer on the CPU (about half
// a second with 10,000 alerts). A panic is drawn once; the reload and status refresh that follow it,
// which bring the same incident again, are not drawn again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRow } from './support/dashboard-page.ts';
import { deckAtRest, deckFramesDuring } from './support/deck-frames.ts';
import { sendPanicFromPhone } from './support/phone.ts';
import { startWalk, type Walk } from './support/walk.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };

let walk: Walk;
let page: Page;
/** The zoom of each positions subscription the map opened: it opens one once started, and again for a new view. */
const subscribedZooms: number[] = [];

beforeAll(async () => {
  walk = await startWalk();
  page = walk.page;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/positions/stream') subscribedZooms.push(Number(url.searchParams.get('zoom')));
  });
});

afterAll(async () => {
  await walk?.close();
});

describe('map redraws', () => {
  it('draws a new panic once, not again for the reload and status refresh that follow it', async () => {
    // Two corners, so that a panic between them leaves the fitted camera where it is.
    for (const offset of [-0.05, 0.05]) {
      const sent = await sendPanicFromPhone(walk.server.url, SHILLONG.latitude + offset, SHILLONG.longitude + offset);
      await alertRow(page, sent.incident.id).waitFor();
    }
    await page.locator('canvas#deckgl-overlay').waitFor({ state: 'attached', timeout: 30_000 });
    // On a loaded machine the map starts seconds after its canvas came (in idle steps, after the table), and
    // then fits the two panics: measured before, its start is counted against the panic. Its subscription for
    // the fitted view (zoom 10 here; the start camera's is India at 5) says it has started and fitted.
    await expect.poll(() => subscribedZooms.some((zoom) => zoom >= 9), { timeout: 60_000 }).toBe(true);
    await deckAtRest(page);

    let incidentId = '';
    const drawn = await deckFramesDuring(page, 2500, async () => {
      incidentId = (await sendPanicFromPhone(walk.server.url, SHILLONG.latitude, SHILLONG.longitude)).incident.id;
      await alertRow(page, incidentId).waitFor();
    });
    console.log(`deck.gl drew in ${drawn.frames} of ${drawn.of} animation frames after a panic`);
    expect(drawn.of).toBeGreaterThan(10);
    expect(drawn.frames).toBe(1);
  });
});
