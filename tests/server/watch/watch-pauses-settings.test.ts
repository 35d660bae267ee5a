// The watch's pauses (an operator's, with a reason, ending by themselves) and its per-region settings
// (admin; a partial change; each bad value refused with a sentence naming the field), issue 32.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_SETTINGS } from '../../../src/domain/watch-rules.ts';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import {
  auditOf,
  LAT,
  LNG,
  ping,
  reporting,
  secondsAfter,
  timelineActions,
  uniqueTourist,
  watchIncidentsOf,
} from '../support/watch.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('pauses', () => {
  it('nothing is raised while paused; the pause ends by itself and the silence is raised then', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 5, LNG);
    const until = secondsAfter(Date.now(), 2 * 3600).toISOString();
    const paused = await call(server.url, 'POST', `/tourists/${tourist}/watch-pause`, {
      until,
      reason: 'Checked in at the hotel',
    });
    expect(paused.status).toBe(200);
    expect(paused.body.pause).toMatchObject({
      touristId: tourist,
      until,
      reason: 'Checked in at the hotel',
      by: 'anonymous',
    });
    expect(await auditOf(server, 'watch.pause', tourist)).toEqual([
      expect.objectContaining({ actor: 'anonymous', detail: { until, reason: 'Checked in at the hotel' } }),
    ]);

    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 3600));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    // After the pause's end, with nobody lifting it.
    await runWatchCheck(server.ctx, secondsAfter(Date.parse(until), 1));
    expect((await watchIncidentsOf(server, tourist)).map((incident) => incident.type)).toEqual(['silent']);
  });

  it('a pause and its end go on the timeline of the open watch incidents and the audit trail', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 6, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 31 * 60));
    const [silent] = await watchIncidentsOf(server, tourist);
    const until = secondsAfter(Date.now(), 3600).toISOString();
    expect(
      (await call(server.url, 'POST', `/tourists/${tourist}/watch-pause`, { until, reason: 'Phone left charging' }))
        .status,
    ).toBe(200);
    const resumed = await call(server.url, 'DELETE', `/tourists/${tourist}/watch-pause`);
    expect(resumed.body).toEqual({ ok: true, touristId: tourist, resumed: true });
    expect(await auditOf(server, 'watch.resume', tourist)).toHaveLength(1);
    const steps = await timelineActions(server, silent.id);
    expect(steps.map((entry) => entry.action)).toEqual(['raised', 'watch_paused', 'watch_resumed']);
    expect(steps[1].note).toBe(`until ${until}: Phone left charging`);
    // Nothing to lift any more.
    expect((await call(server.url, 'DELETE', `/tourists/${tourist}/watch-pause`)).body.resumed).toBe(false);
  });

  it('a lifted pause lets the next check raise a silence that came due meanwhile', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 7, LNG);
    const until = secondsAfter(Date.now(), 24 * 3600).toISOString();
    await call(server.url, 'POST', `/tourists/${tourist}/watch-pause`, { until, reason: 'Hotel' });
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 3600));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await call(server.url, 'DELETE', `/tourists/${tourist}/watch-pause`);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 3600));
    expect(await watchIncidentsOf(server, tourist)).toHaveLength(1);
  });

  it.each([
    [{ reason: 'x' }, 'until must be an ISO 8601 date-time string'],
    [{ until: '2020-01-01T00:00:00Z', reason: 'x' }, 'until must be in the future'],
    [{ until: '2999-01-01T00:00:00Z' }, 'reason is required'],
    [{ until: '2999-01-01T00:00:00Z', reason: '  ' }, 'reason must not be empty'],
  ])('refuses %j with a sentence naming the field', async (body, message) => {
    const res = await call(server.url, 'POST', `/tourists/${uniqueTourist()}/watch-pause`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe('settings', () => {
  it('answers the documented defaults for a region never set', async () => {
    const res = await call(server.url, 'GET', '/regions/guwahati/watch');
    expect(res.body).toEqual({ ok: true, regionId: 'guwahati', settings: DEFAULT_WATCH_SETTINGS });
  });

  it('a partial PUT changes only what it names, is audited, and the next checks use it', async () => {
    const res = await call(server.url, 'PUT', '/regions/bengaluru/watch', {
      silentAfterS: 120,
      vitals: { spo2Min: 85 },
    });
    expect(res.status).toBe(200);
    const expected = {
      ...DEFAULT_WATCH_SETTINGS,
      silentAfterS: 120,
      silentAtNightAfterS: 900,
      vitals: { ...DEFAULT_WATCH_SETTINGS.vitals, spo2Min: 85 },
    };
    expect(res.body.settings).toEqual(expected);
    expect((await call(server.url, 'GET', '/regions/bengaluru/watch')).body.settings).toEqual(expected);
    expect((await auditOf(server, 'watch.settings', 'bengaluru'))[0].detail).toMatchObject({ saved: expected });
    const second = await call(server.url, 'PUT', '/regions/bengaluru/watch', { strandedRadiusM: 80 });
    expect(second.body.settings).toEqual({ ...expected, strandedRadiusM: 80 });
  });

  it('a shorter limit for the default region raises a silence sooner', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 8, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 5 * 60));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await call(server.url, 'PUT', '/regions/default/watch', { silentAfterS: 120, silentAtNightAfterS: 120 });
    try {
      await runWatchCheck(server.ctx, secondsAfter(Date.now(), 5 * 60));
      expect((await watchIncidentsOf(server, tourist))[0]?.meta).toMatchObject({ rule: 'silent', limitS: 120 });
    } finally {
      await call(server.url, 'PUT', '/regions/default/watch', { silentAfterS: 1800, silentAtNightAfterS: 900 });
    }
    await ping(server, tourist, LAT + 8, LNG);
  });

  it.each([
    [{ silentAfterS: 30 }, 'silentAfterS must be at least 60 seconds'],
    [{ silentInRedAfterS: 'ten' }, 'silentInRedAfterS must be a number of seconds'],
    [{ silentAtNightAfterS: 90.5 }, 'silentAtNightAfterS must be a whole number of seconds'],
    [{ strandedAfterS: 100_000 }, 'strandedAfterS must be at most 86400 seconds'],
    [{ strandedInYellowAfterS: -1 }, 'strandedInYellowAfterS must be at least 60 seconds'],
    [{ strandedRadiusM: 5 }, 'strandedRadiusM must be between 10 and 1000 metres'],
    [{ vitals: { heartRateMax: 300 } }, 'vitals.heartRateMax must be between 80 and 250'],
    [{ vitals: { spo2Min: 'low' } }, 'vitals.spo2Min must be a number'],
    [{ vitals: { heartRateMin: 110, heartRateMax: 100 } }, 'vitals.heartRateMin must be below vitals.heartRateMax'],
    [{ silentAfter: 600 }, 'silentAfter is not a watch setting'],
    [{ vitals: { pulse: 60 } }, 'vitals.pulse is not a watch setting'],
  ])('refuses %j with a sentence naming the field, and stores nothing', async (body, message) => {
    const before = (await call(server.url, 'GET', '/regions/shillong/watch')).body.settings;
    const res = await call(server.url, 'PUT', '/regions/shillong/watch', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: expect.stringContaining(message) });
    expect((await call(server.url, 'GET', '/regions/shillong/watch')).body.settings).toEqual(before);
  });

  it('answers 404 for an unknown region', async () => {
    expect((await call(server.url, 'GET', '/regions/atlantis/watch')).status).toBe(404);
    expect((await call(server.url, 'PUT', '/regions/atlantis/watch', { silentAfterS: 600 })).status).toBe(404);
  });
});
