// POST /tourists/register as the reference phone app sends it (issue 46): its whole Aadhaar number is accepted,
// cut to its type and last 4 before anything is written or logged, and the answer says so; its phone number
// as typed is stored normalised, and only what cannot be a number is refused, naming `phone`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../tools/spawn-server.ts';
import { call, dropSchema, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';

const WHOLE_AADHAAR = '234567890123';
const APP_REGISTRATION = { name: 'Asha Devi', phone: '+91-9876543210', aadhaar: WHOLE_AADHAAR };
/** The number's digits, and as people space them: neither may be found anywhere. */
const wholeForms = [WHOLE_AADHAAR, '2345 6789 0123', '2345-6789-0123', '23456789'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await server.ctx.db.query<T>(sql, params)).rows;
}

/** Every row of every table of the store, as JSON. */
async function wholeStore(): Promise<string> {
  const tables = await rows<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const dumps = await Promise.all(
    tables.map(async ({ table_name }) => JSON.stringify(await rows(`select * from "${table_name}"`))),
  );
  return dumps.join('\n');
}

const register = (body: object, headers: Record<string, string> = {}) =>
  call(server.url, 'POST', '/tourists/register', body, headers);

describe('the reference phone app registers with its whole Aadhaar number', () => {
  it('answers 201 with ok and touristId, and says that only the type and last 4 were kept', async () => {
    const res = await register(APP_REGISTRATION, { Origin: 'https://phone.example' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body).toEqual({
      ok: true,
      touristId: expect.stringMatching(/^tourist-/),
      identity: { type: 'aadhaar', last4: '0123' },
      notice: 'The whole Aadhaar number was not stored or logged: only its type and last 4 characters (0123) are kept.',
    });
    const stored = await rows('select name, phone, id_type, id_last4 from tourists where id = $1', [
      res.body.touristId,
    ]);
    expect(stored).toEqual([{ name: 'Asha Devi', phone: '+919876543210', id_type: 'aadhaar', id_last4: '0123' }]);
  });

  it('keeps the number out of every table, the audit trail and the stream included, also when the registration is refused', async () => {
    const registered = await register({ ...APP_REGISTRATION, aadhaar: '2345 6789 0123' });
    await call(server.url, 'GET', `/tourists/${registered.body.touristId}`);
    const refused = await register({ ...APP_REGISTRATION, phone: 'call me' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain('0123');
    // The profile read was audited: the audit trail is there to be searched.
    expect(await rows('select action from audit_log where target = $1', [registered.body.touristId])).toEqual([
      { action: 'tourist.profile_read' },
    ]);
    const store = await wholeStore();
    expect(store).toContain(registered.body.touristId);
    for (const whole of wholeForms) expect(store).not.toContain(whole);
  });

  it.each([
    ['an Aadhaar number sent as digits', { aadhaar: 234567890123 }, { type: 'aadhaar', last4: '0123' }],
    ['a passport number', { passportNumber: 'K2345678' }, { type: 'passport', last4: '5678' }],
    [
      'a document number with its idType',
      { idType: 'voter_id', idNumber: 'ABC2345678' },
      { type: 'voter_id', last4: '5678' },
    ],
  ])('cuts %s the same way', async (_what, fields, identity) => {
    const res = await register({ name: 'Asha Devi', ...fields });
    expect(res.status).toBe(201);
    expect(res.body.identity).toEqual(identity);
    expect(res.body.notice).toContain(`(${identity.last4})`);
    expect(await rows('select id_type, id_last4 from tourists where id = $1', [res.body.touristId])).toEqual([
      { id_type: identity.type, id_last4: identity.last4 },
    ]);
    const whole = String(Object.values(fields).at(-1));
    expect(await wholeStore()).not.toContain(whole);
  });

  it('says nothing of a document when none was sent', async () => {
    const res = await register({ name: 'Asha Devi', phone: '9876543210' });
    expect(res.body).toEqual({ ok: true, touristId: expect.any(String) });
  });
});

describe('phone numbers as people type them', () => {
  it.each([
    '+91-9876543210',
    '+91-98765 43210',
    '098765 43210',
    '9876543210',
    '91 98765 43210',
    '0091 98765 43210',
    '(+91) 98765-43210',
  ])('stores %s as +919876543210', async (typed) => {
    const res = await register({ name: 'Asha Devi', phone: typed });
    expect(res.status).toBe(201);
    expect(await rows('select phone from tourists where id = $1', [res.body.touristId])).toEqual([
      { phone: '+919876543210' },
    ]);
  });

  it('stores a landline with its trunk code and a number from abroad in E.164', async () => {
    const landline = await register({ phone: '0364 222 2122' });
    const abroad = await register({ phone: '+44 20 7946 0958' });
    expect(
      await rows('select phone from tourists where id = any($1) order by phone', [
        [landline.body.touristId, abroad.body.touristId],
      ]),
    ).toEqual([{ phone: '+442079460958' }, { phone: '+913642222122' }]);
  });

  it('takes a phone field left empty as no number', async () => {
    const res = await register({ name: 'Asha Devi', phone: '', aadhaar: WHOLE_AADHAAR });
    expect(res.status).toBe(201);
    expect(await rows('select phone from tourists where id = $1', [res.body.touristId])).toEqual([{ phone: null }]);
  });

  it.each(['98765', 'call me', '+91 98765 43210 99999', '108', '+0 98765 43210'])(
    'refuses %s, which cannot be a number, naming phone and storing nothing',
    async (typed) => {
      const before = await rows<{ count: number }>('select count(*)::int as count from tourists');
      const res = await register({ touristId: 't-no-number', name: 'Asha Devi', phone: typed, aadhaar: WHOLE_AADHAAR });
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.body.issues[0].path).toBe('phone');
      expect(res.body.error).toMatch(/^Invalid request body: phone must be a phone number/);
      expect(await rows('select count(*)::int as count from tourists')).toEqual(before);
    },
  );

  it('normalises the emergency contacts the same way, as objects or as phone strings', async () => {
    const res = await register({
      name: 'Asha Devi',
      emergencyContacts: [{ name: 'Ravi', phone: '098123 45678' }, '+91-9876500001'],
    });
    expect(res.status).toBe(201);
    expect(
      await rows('select emergency_contacts, emergency_phones from tourists where id = $1', [res.body.touristId]),
    ).toEqual([
      { emergency_contacts: [{ name: 'Ravi', phone: '+919812345678' }], emergency_phones: ['+919876500001'] },
    ]);
  });
});

/** Every file under a folder that holds `text`, by its path relative to the folder. */
function filesHolding(folder: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => {
    const path = join(folder, name);
    return statSync(path).isFile() && readFileSync(path).includes(needle);
  });
}

describe('the server process, logging everything it logs', () => {
  it('writes the whole number to neither its output nor its data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pad-register-logs-'));
    // On PostgreSQL (DATABASE_URL) the store is not in the data folder: its own schema, dropped after.
    const { DATABASE_URL: databaseUrl } = process.env;
    const schema = uniqueSchema();
    const spawned = await spawnServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      ...(databaseUrl && { DATABASE_SCHEMA: schema }),
    });
    let output: string;
    try {
      const registered = await call(spawned.url, 'POST', '/tourists/register', {
        ...APP_REGISTRATION,
        name: 'Asha Devi Logcheck',
      });
      expect(registered.status).toBe(201);
      expect(
        (await call(spawned.url, 'POST', '/tourists/register', { ...APP_REGISTRATION, phone: 'no number' })).status,
      ).toBe(400);
      expect((await call(spawned.url, 'POST', '/tourists/register', `{"aadhaar":"${WHOLE_AADHAAR}",`)).status).toBe(
        400,
      );
      expect((await call(spawned.url, 'GET', `/tourists/${registered.body.touristId}`)).status).toBe(200);
    } finally {
      await spawned.stop();
      output = spawned.output();
    }
    try {
      // It logged (where it answers), so the search reads what it writes.
      expect(output).toContain(spawned.url);
      for (const whole of wholeForms) expect(output).not.toContain(whole);
      // What was stored is found on disk, so the search would find the number had it been written.
      if (!databaseUrl) expect(filesHolding(dataDir, 'Asha Devi Logcheck').length).toBeGreaterThan(0);
      for (const whole of wholeForms) expect(filesHolding(dataDir, whole)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropSchema(databaseUrl, schema);
    }
  });
});
