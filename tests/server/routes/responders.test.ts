// Responders (issue 34 points 3, 4, 7 and 8): the units directory an admin keeps, the nearest units of an
// incident with distance, bearing and a straight-line estimate, and the dispatch record on the timeline, the
// stream, the audit trail, the webhooks' outbox and the CSV export, under the issue's route names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import type { Dispatch, NearbyUnit, Unit } from '../../../src/api/responders.ts';
import { PHONE_RULE } from '../../../src/domain/phone-number.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

// On the equator one degree of latitude is 111,195 m on the mean-radius sphere, so 0.0089932° north is 1,000 m.
const AT_NULL_ISLAND = { latitude: 0, longitude: 0 };
const unitAt = (name: string, position: [number, number], fields: Partial<Unit> = {}) => ({
  regionId: 'equator',
  name,
  kind: 'ambulance',
  phone: '+91 98765 43210',
  position,
  available: true,
  ...fields,
});

async function auditOf(server: TestServer, target: string) {
  const { rows } = await server.ctx.db.query<{ action: string; actor: string; detail: Record<string, unknown> }>(
    'select action, actor, detail from audit_log where target = $1 order by seq',
    [target],
  );
  return rows;
}

describe('responders with sign-in off', () => {
  let server: TestServer;
  const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
  const addUnit = (body: { regionId: string; [field: string]: unknown }) =>
    post(`/regions/${body.regionId}/units`, body);
  const setStatus = (dispatchId: string, body: unknown) => post(`/incidents/dispatches/${dispatchId}/status`, body);
  const responders = async (id: string): Promise<{ nearest: NearbyUnit[]; dispatches: Dispatch[] }> =>
    (await call(server.url, 'GET', `/incidents/${id}/nearest-units`)).body;
  const panicAt = async (position = AT_NULL_ISLAND): Promise<Incident> =>
    (await post('/panic-alert', { ...position, touristId: 't-responders' })).body.incident;

  beforeAll(async () => {
    server = await startTestServer();
    const region = await post('/regions', {
      id: 'equator',
      name: 'Equator',
      timeZone: 'UTC',
      homeView: { center: [0, 0], zoom: 12 },
    });
    expect(region.status).toBe(201);
  });
  afterAll(() => server.stop());

  it('lists demo units in every seeded region, marked demo', async () => {
    for (const region of ['shillong', 'guwahati', 'bengaluru']) {
      const seeded = (await call(server.url, 'GET', `/regions/${region}/units`)).body.units as Unit[];
      expect(seeded.every((unit) => unit.regionId === region && /^\+91[0-9]{10}$/.test(unit.phone))).toBe(true);
      expect(seeded.length).toBeGreaterThanOrEqual(4);
      expect(seeded.every((unit) => unit.demo && unit.name.endsWith('(demo)'))).toBe(true);
      expect(seeded.map((unit) => unit.kind)).toEqual(
        expect.arrayContaining(['police_station', 'hospital', 'ambulance', 'fire']),
      );
    }
  });

  it('answers the five nearest available units by distance with bearing and estimate, and nearer unavailable ones marked after them', async () => {
    const made: Record<string, Unit> = {};
    for (const [name, position, fields] of [
      ['North 1 km', [0.0089932, 0], {}],
      ['East 2.2 km', [0, 0.02], { kind: 'fire' }],
      ['South-west 1.6 km', [-0.01, -0.01], { kind: 'rescue_team' }],
      ['West 3.3 km', [0, -0.03], { kind: 'police_station' }],
      ['South 4.4 km', [-0.04, 0], { kind: 'hospital' }],
      ['North-east 7.9 km', [0.05, 0.05], {}],
      ['Closed next door', [0.001, 0], { available: false }],
    ] as const) {
      const created = await addUnit(unitAt(name, [...position], fields as Partial<Unit>));
      expect(created.status).toBe(201);
      made[name] = created.body.unit;
    }
    expect(made['North 1 km']).toMatchObject({
      demo: false,
      available: true,
      position: [0.0089932, 0],
      phone: '+919876543210',
    });
    const { nearest } = await responders((await panicAt()).id);
    expect(nearest.map((unit) => [unit.name, unit.distanceM, unit.bearingDeg, unit.compass, unit.available])).toEqual([
      ['North 1 km', 1000, 0, 'N', true],
      ['South-west 1.6 km', 1573, 225, 'SW', true],
      ['East 2.2 km', 2224, 90, 'E', true],
      ['West 3.3 km', 3336, 270, 'W', true],
      ['South 4.4 km', 4448, 180, 'S', true],
      ['Closed next door', 111, 0, 'N', false],
    ]);
    // Straight-line estimates: 1,000 m at 40 km/h is 90 s; a rescue team's 1,573 m at 30 km/h is 189 s.
    expect(nearest[0].estimateS).toBe(90);
    expect(nearest[1].estimateS).toBe(189);
  });

  it("takes units of every region as candidates: a panic on the border is closest to the next region's station", async () => {
    const guwahatiPolice = { latitude: 26.183, longitude: 91.7499 };
    const { nearest } = await responders((await panicAt(guwahatiPolice)).id);
    expect(nearest[0]).toMatchObject({ id: 'demo-guwahati-police-paltan', regionId: 'guwahati' });
    expect(nearest).toHaveLength(5);
  });

  it('edits a unit (no longer demo) and deletes it, each audited with before and after; availability alone keeps it demo', async () => {
    const ambulance = (await call(server.url, 'GET', '/regions/bengaluru/units')).body.units.find(
      (each: Unit) => each.id === 'demo-bengaluru-ambulance-1',
    );
    const { id: _id, demo: _demo, updatedAt: _at, ...fields } = ambulance;
    const closed = await call(server.url, 'PUT', '/responders/units/demo-bengaluru-ambulance-1', {
      ...fields,
      available: false,
    });
    expect(closed.body.unit).toMatchObject({ available: false, demo: true });
    const edited = await call(
      server.url,
      'PUT',
      '/responders/units/demo-bengaluru-fire-central',
      unitAt('Fire station, Central', [12.968, 77.587], {
        regionId: 'bengaluru',
        kind: 'fire',
        phone: '+91 80-2297 1500',
      } as Partial<Unit>),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.unit).toMatchObject({ name: 'Fire station, Central', demo: false, phone: '+918022971500' });
    const removed = await call(server.url, 'DELETE', '/responders/units/demo-bengaluru-fire-central');
    expect(removed.body).toEqual({ ok: true, deleted: 'demo-bengaluru-fire-central' });
    expect((await call(server.url, 'DELETE', '/responders/units/demo-bengaluru-fire-central')).status).toBe(404);
    const audit = await auditOf(server, 'demo-bengaluru-fire-central');
    expect(audit.map((entry) => entry.action)).toEqual(['unit.update', 'unit.delete']);
    expect(audit[0].detail).toMatchObject({
      before: { demo: true, name: 'Fire station, Central (demo)' },
      after: { demo: false },
    });
  });

  it('refuses a unit of an unknown region or kind with a sentence naming the field', async () => {
    const noRegion = await addUnit(unitAt('Nowhere', [1, 1], { regionId: 'atlantis' } as Partial<Unit>));
    expect(noRegion.status).toBe(404);
    expect(noRegion.body.error).toBe('No region has id "atlantis".');
    expect((await call(server.url, 'GET', '/regions/atlantis/units')).status).toBe(404);
    const movedNowhere = await call(
      server.url,
      'PUT',
      '/responders/units/demo-shillong-ambulance-1',
      unitAt('Ambulance', [25.58, 91.89], { regionId: 'atlantis' } as Partial<Unit>),
    );
    expect(movedNowhere.body.error).toBe('Invalid request body: regionId atlantis names no region.');
    for (const phone of ['108', '+91 98765 43210 99999', '+91 (98765) x43210', 'ambulance']) {
      const badPhone = await addUnit(unitAt(`Phone ${phone}`, [1, 1], { phone } as Partial<Unit>));
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.error).toBe(`Invalid request body: phone must be ${PHONE_RULE}.`);
    }
    const units = (await call(server.url, 'GET', '/regions/equator/units')).body.units as Unit[];
    expect(units.filter((unit) => unit.name.startsWith('Phone '))).toEqual([]);
    // A landline typed as India writes it, trunk code and all, is a number a gateway can dial.
    const landline = await addUnit(unitAt('Landline', [1, 1], { phone: '080-22971500' } as Partial<Unit>));
    expect(landline.body.unit).toMatchObject({ phone: '+918022971500' });
    const badKind = await addUnit({ ...unitAt('Boat', [1, 1]), kind: 'coast_guard' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.error).toBe(
      'Invalid request body: kind must be one of police_station, ambulance, hospital, fire, rescue_team.',
    );
  });

  it('records a dispatch, on scene and handed over: timeline, stream, audit, outbox, times to dispatch and scene, CSV columns at the end', async () => {
    const hook = await post('/webhooks', {
      name: 'Dispatch relay',
      url: 'http://127.0.0.1:9/none',
      events: ['incident.dispatched'],
      enabled: false,
    });
    await call(server.url, 'PATCH', `/webhooks/${hook.body.webhook.id}`, { enabled: true });
    const incident = await panicAt();
    const unit = (await responders(incident.id)).nearest[0];
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    let dispatch: Dispatch;
    try {
      await stream.waitForMessages(1);
      const sent = await post('/incidents/dispatches', {
        id: incident.id,
        unitId: unit.id,
        note: 'Caller near the bridge',
      });
      expect(sent.status).toBe(201);
      dispatch = sent.body.dispatch;
      expect(dispatch).toMatchObject({
        unitId: unit.id,
        unitName: 'North 1 km',
        unitKind: 'ambulance',
        state: 'dispatched',
        dispatchedBy: 'anonymous',
        onSceneAt: null,
      });
      expect(sent.body.incident.dispatchedAt).toBe(dispatch.dispatchedAt);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === incident.id,
      );
      expect(update.data.entry).toEqual({
        at: dispatch.dispatchedAt,
        actor: 'anonymous',
        action: 'dispatched',
        unit: 'North 1 km',
        note: 'Caller near the bridge',
      });
      expect(update.data.incident.dispatchedAt).toBe(dispatch.dispatchedAt);
    } finally {
      stream.close();
    }
    const { rows: outbox } = await server.ctx.db.query<{
      event_type: string;
      payload: { data: { dispatch: Dispatch } };
    }>("select event_type, payload from webhook_deliveries where payload->'data'->'incident'->>'id' = $1", [
      incident.id,
    ]);
    expect(outbox.map((row) => [row.event_type, row.payload.data.dispatch.id])).toEqual([
      ['incident.dispatched', dispatch.id],
    ]);

    const early = await setStatus(dispatch.id, { status: 'handed_over' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      'North 1 km is dispatched: it can be marked on scene or stood down, not handed over.',
    );

    const onScene = await setStatus(dispatch.id, { status: 'on_scene' });
    expect(onScene.body.dispatch.state).toBe('on_scene');
    expect(onScene.body.incident.onSceneAt).toBe(onScene.body.dispatch.onSceneAt);
    const handed = await setStatus(dispatch.id, { status: 'handed_over', note: 'Taken to Civil Hospital' });
    expect(handed.body.dispatch).toMatchObject({ state: 'handed_over', closedBy: 'anonymous' });
    const again = await setStatus(dispatch.id, { status: 'stood_down' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'North 1 km is already handed over: this dispatch is closed, so it cannot be marked stood down.',
    );

    const typed = await post('/incidents/dispatches', { id: incident.id, unitName: 'Village volunteers' });
    const stoodDown = await setStatus(typed.body.dispatch.id, { status: 'stood_down', note: 'Not needed' });
    expect(stoodDown.body.dispatch).toMatchObject({
      unitId: null,
      unitName: 'Village volunteers',
      state: 'stood_down',
    });
    // The second dispatch keeps the incident's first times.
    expect(stoodDown.body.incident.dispatchedAt).toBe(dispatch.dispatchedAt);

    const timeline = (await call(server.url, 'GET', `/incidents/${incident.id}/timeline`)).body.entries;
    expect(
      timeline.map((entry: { action: string; unit?: string; note?: string }) => [entry.action, entry.unit, entry.note]),
    ).toEqual([
      ['raised', undefined, undefined],
      ['dispatched', 'North 1 km', 'Caller near the bridge'],
      ['on_scene', 'North 1 km', undefined],
      ['handed_over', 'North 1 km', 'Taken to Civil Hospital'],
      ['dispatched', 'Village volunteers', undefined],
      ['stood_down', 'Village volunteers', 'Not needed'],
    ]);
    expect((await auditOf(server, incident.id)).map((entry) => entry.action)).toEqual([
      'incident.dispatch',
      'incident.on_scene',
      'incident.handed_over',
      'incident.dispatch',
      'incident.stood_down',
    ]);
    expect((await responders(incident.id)).dispatches.map((each) => [each.unitName, each.state])).toEqual([
      ['North 1 km', 'handed_over'],
      ['Village volunteers', 'stood_down'],
    ]);

    const csv = await (await fetch(`${server.url}/incidents/export`)).text();
    const [header, ...records] = csv.trim().split('\r\n');
    expect(header).toBe(
      'id,touristId,deviceId,type,severity,status,latitude,longitude,createdAt,resolvedAt,regionId,riskLevel,geofenceId,' +
        'dispatchedAt,dispatchedUnit,onSceneAt,dispatchOutcome,timeToDispatchS,timeToSceneS',
    );
    const row = records.find((line) => line.startsWith(`${incident.id},`))!.split(',');
    const seconds = (at: string) => String(Math.round((Date.parse(at) - Date.parse(incident.createdAt)) / 1000));
    expect(row.slice(13)).toEqual([
      dispatch.dispatchedAt,
      'North 1 km',
      onScene.body.dispatch.onSceneAt,
      'handed_over',
      seconds(dispatch.dispatchedAt),
      seconds(onScene.body.dispatch.onSceneAt),
    ]);
  });

  it('refuses a dispatch to a resolved incident, of an unknown unit, or naming no unit', async () => {
    const incident = await panicAt();
    expect((await post('/incidents/dispatches', { id: incident.id, unitId: 'unit_missing' })).body.error).toBe(
      'unitId "unit_missing" names no responder unit.',
    );
    expect((await post('/incidents/dispatches', { id: 'inc_missing', unitName: 'Patrol' })).body.error).toBe(
      'id "inc_missing" names no incident.',
    );
    expect((await setStatus('dispatch_missing', { status: 'on_scene' })).body.error).toBe(
      'dispatchId "dispatch_missing" names no dispatch.',
    );
    const badStatus = await setStatus('dispatch_missing', { step: 'on_scene' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toBe('Invalid request body: status must be one of on_scene, stood_down, handed_over.');
    const longNote = await post('/incidents/dispatches', {
      id: incident.id,
      unitName: 'Patrol',
      note: 'x'.repeat(2001),
    });
    expect(longNote.status).toBe(400);
    expect(longNote.body.error).toBe('Invalid request body: note must be at most 2000 characters.');
    const neither = await post('/incidents/dispatches', { id: incident.id });
    expect(neither.status).toBe(400);
    expect(neither.body.error).toBe(
      'Invalid request body: send one of unitId (a unit of the directory) or unitName (a unit typed by name).',
    );
    await post('/incidents/resolve', { id: incident.id });
    const late = await post('/incidents/dispatches', { id: incident.id, unitName: 'Anyone' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(`Incident ${incident.id} is resolved: no unit is dispatched to a resolved incident.`);
  });
});

describe('responders with sign-in on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on', adminPassword: 'responders admin password', logLevel: 'error' });
  });
  afterAll(() => server.stop());

  it('lets only an admin edit units, and an operator dispatch, each under their name', async () => {
    const body = { name: 'Umiam rescue boat', kind: 'rescue_team', phone: '+91 364 250 0000', position: [25.66, 91.9] };
    const operator = await signedInAs(server, 'operator', 'oli');
    const supervisor = await signedInAs(server, 'supervisor', 'sam');
    for (const cookie of [operator, supervisor]) {
      expect((await call(server.url, 'POST', '/regions/shillong/units', body, { cookie })).status).toBe(403);
      expect(
        (await call(server.url, 'DELETE', '/responders/units/demo-shillong-ambulance-1', undefined, { cookie })).status,
      ).toBe(403);
    }
    const admin = await signedInAs(server, 'admin', 'ada');
    const created = await call(server.url, 'POST', '/regions/shillong/units', body, { cookie: admin });
    expect(created.status).toBe(201);
    expect((await auditOf(server, created.body.unit.id)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['unit.create', 'ada'],
    ]);

    const panic = await call(server.url, 'POST', '/panic-alert', { latitude: 25.58, longitude: 91.89 });
    const viewer = await signedInAs(server, 'viewer', 'vic');
    expect(
      (
        await call(
          server.url,
          'POST',
          '/incidents/dispatches',
          { id: panic.body.incident.id, unitName: 'Patrol' },
          { cookie: viewer },
        )
      ).status,
    ).toBe(403);
    const sent = await call(
      server.url,
      'POST',
      '/incidents/dispatches',
      { id: panic.body.incident.id, unitId: created.body.unit.id },
      { cookie: operator },
    );
    expect(sent.body.dispatch).toMatchObject({ dispatchedBy: 'oli', unitName: 'Umiam rescue boat' });
    expect(
      (
        await call(server.url, 'GET', `/incidents/${panic.body.incident.id}/nearest-units`, undefined, {
          cookie: viewer,
        })
      ).status,
    ).toBe(200);
  });
});
