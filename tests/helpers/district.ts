// A district's store with something in every part a restore must bring back, written over HTTP as operators and
// phones write it (sign-in off: a loopback server), and read back the same way for a before/after comparison.
import { expect } from 'vitest';
import { call } from './server.ts';

const square = (lat: number, lng: number, size: number): [number, number][] => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];

async function ok(answer: Promise<{ status: number; body: any }>, status: number): Promise<any> {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

/** A panic at a point near Shillong; answers its incident's id. */
export async function postPanic(url: string, touristId: string): Promise<string> {
  const body = await ok(call(url, 'POST', '/panic-alert', { latitude: 25.57, longitude: 91.88, touristId }), 201);
  return body.incident.id as string;
}

/** A region, a zone, an account, a Digital ID and three panics (one acknowledged); answers the DID's token. */
export async function populateDistrict(url: string): Promise<{ didToken: string }> {
  await ok(
    call(url, 'POST', '/regions', {
      id: 'backup-valley',
      name: 'Backup Valley',
      timeZone: 'Asia/Kolkata',
      homeView: { center: [26.5, 92.5], zoom: 10 },
      boundary: square(26, 92, 1),
      contacts: [{ label: 'Emergency', phone: '112', kind: 'emergency' }],
    }),
    201,
  );
  await ok(call(url, 'POST', '/geofences', { riskLevel: 'red', polygon: square(25.5, 91.8, 0.2) }), 201);
  await ok(
    call(url, 'POST', '/auth/users', { username: 'night-supervisor', role: 'supervisor', password: 'a long password' }),
    201,
  );
  const did = await ok(call(url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'b'.repeat(64) }), 201);
  const first = await postPanic(url, 'tourist-1');
  await postPanic(url, 'tourist-2');
  await postPanic(url, 'tourist-3');
  await ok(call(url, 'POST', '/incidents/acknowledge', { id: first }), 200);
  return { didToken: did.didToken as string };
}

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

export interface DistrictSnapshot {
  incidents: { id: string }[];
  zones: { id: string }[];
  regions: { id: string }[];
  accounts: { username: string }[];
  didAnchors: { id: string }[];
}

/** Every incident, zone, region, account and DID anchor the server at `url` answers. */
export async function districtSnapshot(url: string): Promise<DistrictSnapshot> {
  return {
    incidents: byId((await ok(call(url, 'GET', '/incidents?limit=500'), 200)).incidents),
    zones: byId((await ok(call(url, 'GET', '/geofences'), 200)).geofences),
    regions: byId((await ok(call(url, 'GET', '/regions'), 200)).regions),
    accounts: (await ok(call(url, 'GET', '/auth/users'), 200)).users,
    didAnchors: byId((await ok(call(url, 'GET', '/did/anchors'), 200)).anchors),
  };
}

/** Both hash chains hold, as the server's own routes check them; answers the audit trail's actions, oldest first. */
export async function expectChainsVerify(url: string): Promise<string[]> {
  const audit = await ok(call(url, 'GET', '/audit/verify'), 200);
  expect(audit).toMatchObject({ ok: true });
  expect((await ok(call(url, 'GET', '/did/chain'), 200)).intact).toBe(true);
  const entries = (await ok(call(url, 'GET', '/audit?limit=500'), 200)).entries as { action: string }[];
  return entries.map((entry) => entry.action).reverse();
}
