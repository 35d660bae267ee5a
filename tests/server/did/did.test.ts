import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, SIGNING_KEY_FILE } from '../../../server/did/signing-key.ts';
import { signDidToken, verifyDidToken } from '../../../server/did/token.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const DAY = 24 * 60 * 60 * 1000;
const kyc = { kycType: 'passport', kycHash: 'a'.repeat(64) };

let server: TestServer;

async function issue(body: Record<string, unknown> = kyc) {
  const answer = await call(server.url, 'POST', '/did/issue', body);
  expect(answer.status).toBe(201);
  return answer.body;
}

/** A token for the same DID whose payload says something else, keeping the original signature. */
function withAlteredPayload(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, kycType: 'aadhaar' })).toString('base64url');
  return [header, forged, signature].join('.');
}

beforeAll(async () => {
  server = await startTestServer({ didSigningKey: undefined });
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /did/issue and /did/verify', () => {
  it('issues a DID whose token verifies with its claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const issued = await issue({ ...kyc, validDays: 7 });
    expect(issued.didId).toMatch(/^did:local:[0-9a-f-]{36}$/);
    expect(issued.anchor).toMatchObject({ didId: issued.didId, chain: 'local', status: 'anchored' });
    expect(issued.anchor.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(issued.expiresAt) - Date.parse(issued.anchor.createdAt)).toBe(7 * DAY);

    const verified = await call(server.url, 'POST', '/did/verify', { token: issued.didToken });
    expect(verified.status).toBe(200);
    expect(verified.body.claims).toMatchObject({
      sub: issued.didId,
      kycType: 'passport',
      digest: issued.anchor.digest,
    });
    expect(verified.body.claims.iat).toBeGreaterThanOrEqual(before);
    expect(verified.body.claims.exp - verified.body.claims.iat).toBe(7 * 24 * 3600);
    expect(verified.body.claims).not.toHaveProperty('touristId');
  });

  it('defaults to 14 days of validity', async () => {
    const issued = await issue();
    expect(Date.parse(issued.expiresAt) - Date.parse(issued.anchor.createdAt)).toBe(14 * DAY);
  });

  it('never stores the KYC hash itself', async () => {
    const secretHash = 'f00d'.repeat(16);
    await issue({ kycType: 'passport', kycHash: secretHash });
    const { rows } = await server.ctx.db.query('select * from did_anchors');
    expect(JSON.stringify(rows)).not.toContain(secretHash);
  });

  it('answers 401 when one character of the token changes', async () => {
    const { didToken } = await issue();
    const signatureStart = didToken.lastIndexOf('.') + 1;
    const flipped = didToken[signatureStart] === 'A' ? 'B' : 'A';
    const tampered = didToken.slice(0, signatureStart) + flipped + didToken.slice(signatureStart + 1);
    const answer = await call(server.url, 'POST', '/did/verify', { token: tampered });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ ok: false, error: expect.stringMatching(/signature/) });

    const forged = await call(server.url, 'POST', '/did/verify', { token: withAlteredPayload(didToken) });
    expect(forged.status).toBe(401);
  });

  it('answers 401 for an expired token signed with the server key', async () => {
    const key = loadSigningKey(server.config);
    const expired = await signDidToken(key, {
      didId: 'did:local:expired',
      kycType: 'passport',
      digest: '0'.repeat(64),
      issuedAt: new Date(Date.now() - 15 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    const answer = await call(server.url, 'POST', '/did/verify', { token: expired });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/expired/);
  });

  it('answers 401 for a token signed by another key, and for garbage', async () => {
    const foreign = await signDidToken(randomBytes(32), {
      didId: 'did:local:foreign',
      kycType: 'passport',
      digest: '0'.repeat(64),
      issuedAt: new Date(),
      expiresAt: new Date(Date.now() + DAY),
    });
    expect((await call(server.url, 'POST', '/did/verify', { token: foreign })).status).toBe(401);
    expect((await call(server.url, 'POST', '/did/verify', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('brings a number of days the phone app typed into 1..60 whole days, and refuses "7" naming validDays', async () => {
    for (const [asked, issued] of [
      [0, 1],
      [61, 60],
      [90, 60],
      [1.5, 2],
      [-3, 1],
      [14, 14],
    ]) {
      const answer = await call(server.url, 'POST', '/did/issue', { ...kyc, validDays: asked });
      expect(answer.status, `validDays ${asked}`).toBe(201);
      expect(answer.body.validDays, `validDays ${asked}`).toBe(issued);
      expect(Date.parse(answer.body.expiresAt) - Date.parse(answer.body.anchor.createdAt)).toBe(issued * DAY);
    }
    const answer = await call(server.url, 'POST', '/did/issue', { ...kyc, validDays: '7' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain('validDays');
  });
});

describe('POST /did/issue on behalf of a tourist, with sign-in on', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ auth: 'on', didSigningKey: undefined });
  });
  afterAll(async () => {
    await guarded?.stop();
  });
  const forTourist = { ...kyc, touristId: 'tourist-7' };
  const issueAs = (cookie: string | undefined, body: Record<string, unknown> = forTourist) =>
    call(guarded.url, 'POST', '/did/issue', body, cookie === undefined ? {} : { cookie });
  const audited = async () =>
    (
      await guarded.ctx.db.query(
        "select actor, role, target, detail from audit_log where action = 'did.issue' order by seq",
      )
    ).rows;

  it('answers 401 to nobody and 403 to an operator, each with a sentence, issuing nothing', async () => {
    const anonymous = await issueAs(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatch(/^Sign in as a supervisor to issue a DID on behalf of a tourist/);
    const operator = await issueAs(await signedInAs(guarded, 'operator'));
    expect(operator.status).toBe(403);
    expect(operator.body.error).toMatch(/^Your role, operator, may not issue a DID on behalf of a tourist.*supervisor/);
    expect((await guarded.ctx.db.query('select 1 from did_anchors')).rows).toEqual([]);
    expect(await audited()).toEqual([]);
  });

  it('issues to a supervisor a token carrying the tourist, recorded in the audit trail', async () => {
    const issued = await issueAs(await signedInAs(guarded, 'supervisor'));
    expect(issued.status).toBe(201);
    const claims = (await call(guarded.url, 'POST', '/did/verify', { token: issued.body.didToken })).body.claims;
    expect(claims).toMatchObject({ sub: issued.body.didId, touristId: 'tourist-7' });
    expect(await audited()).toEqual([
      {
        actor: 'supervisor-user',
        role: 'supervisor',
        target: 'tourist-7',
        detail: { didId: issued.body.didId, kycType: 'passport', expiresAt: issued.body.expiresAt },
      },
    ]);
  });

  it('still issues a token naming no tourist to any phone, unaudited', async () => {
    const before = (await audited()).length;
    const issued = await issueAs(undefined, kyc);
    expect(issued.status).toBe(201);
    const claims = (await call(guarded.url, 'POST', '/did/verify', { token: issued.body.didToken })).body.claims;
    expect(claims).not.toHaveProperty('touristId');
    expect(await audited()).toHaveLength(before);
  });
});

describe('verifyDidToken with a clock', () => {
  it('accepts a token until its exp and refuses it after', async () => {
    const key = randomBytes(32);
    const issuedAt = new Date('2025-01-01T00:00:00Z');
    const token = await signDidToken(key, {
      didId: 'did:local:x',
      kycType: 'visa',
      digest: 'd',
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + DAY),
    });
    await expect(verifyDidToken(key, token, new Date(issuedAt.getTime() + DAY - 1000))).resolves.toMatchObject({
      sub: 'did:local:x',
    });
    await expect(verifyDidToken(key, token, new Date(issuedAt.getTime() + DAY + 1000))).rejects.toThrow(/expired/);
  });
});

describe('GET /did/anchors', () => {
  it('lists anchors newest first, and those of one DID', async () => {
    const first = await issue();
    const second = await issue();
    const all = (await call(server.url, 'GET', '/did/anchors')).body.anchors;
    expect(all[0].id).toBe(second.anchor.id);
    expect(all[1].id).toBe(first.anchor.id);
    expect(all[0].prevDigest).toBe(first.anchor.digest);
    const one = await call(server.url, 'GET', `/did/anchors?didId=${encodeURIComponent(first.didId)}`);
    expect(one.body.anchors).toEqual([first.anchor]);
  });
});

describe('GET /did/chain', () => {
  // A server of its own, so the chain holds only the anchors these tests issue.
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer({ didSigningKey: undefined });
  });
  afterAll(async () => {
    await fresh?.stop();
  });

  async function issueOn(target: TestServer) {
    const answer = await call(target.url, 'POST', '/did/issue', kyc);
    expect(answer.status).toBe(201);
    return answer.body;
  }
  const checkOn = async (target: TestServer) => (await call(target.url, 'GET', '/did/chain')).body;
  const restore = async (target: TestServer, rows: Record<string, unknown>[]) => {
    await target.ctx.db.query('delete from did_anchors');
    for (const row of rows) {
      await target.ctx.db.query(
        `insert into did_anchors (position, id, did_id, digest, prev_digest, chain, status, created_at, height, content_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          row.position,
          row.id,
          row.did_id,
          row.digest,
          row.prev_digest,
          row.chain,
          row.status,
          row.created_at,
          row.height,
          row.content_hash,
        ],
      );
    }
  };

  it('is an empty intact chain before any issue', async () => {
    expect(await checkOn(fresh)).toMatchObject({ ok: true, intact: true, length: 0, brokenAt: null, headDigest: null });
  });

  it('stays intact over several issues, each anchor committing to the one before', async () => {
    const anchors = [];
    for (let i = 0; i < 5; i += 1) anchors.push((await issueOn(fresh)).anchor);
    expect(anchors[0].prevDigest).toBeNull();
    for (let i = 1; i < anchors.length; i += 1) expect(anchors[i].prevDigest).toBe(anchors[i - 1].digest);
    expect(await checkOn(fresh)).toMatchObject({
      intact: true,
      length: 5,
      brokenAt: null,
      headDigest: anchors[4].digest,
    });
  });

  it('finds a modified digest, a modified field, a deleted row and a reordered row', async () => {
    const { rows } = await fresh.ctx.db.query<Record<string, unknown>>('select * from did_anchors order by position');
    expect(rows.length).toBe(5);
    const ids = rows.map((row) => row.id as string);

    await fresh.ctx.db.query(`update did_anchors set digest = $1 where id = $2`, ['e'.repeat(64), ids[2]]);
    expect(await checkOn(fresh)).toMatchObject({ intact: false, length: 5, brokenAt: ids[2] });
    await restore(fresh, rows);
    expect((await checkOn(fresh)).intact).toBe(true);

    await fresh.ctx.db.query(`update did_anchors set did_id = 'did:local:someone-else' where id = $1`, [ids[1]]);
    expect(await checkOn(fresh)).toMatchObject({ intact: false, brokenAt: ids[1] });
    await restore(fresh, rows);

    await fresh.ctx.db.query('delete from did_anchors where id = $1', [ids[1]]);
    expect(await checkOn(fresh)).toMatchObject({ intact: false, length: 4, brokenAt: ids[2] });
    await restore(fresh, rows);

    await fresh.ctx.db.query('delete from did_anchors where id = $1', [ids[0]]);
    expect(await checkOn(fresh)).toMatchObject({ intact: false, brokenAt: ids[1] });
    await restore(fresh, rows);

    // Swap rows 3 and 4 in storage order.
    await fresh.ctx.db.query('update did_anchors set position = -position where id in ($1, $2)', [ids[2], ids[3]]);
    await fresh.ctx.db.query('update did_anchors set position = $1 where id = $2', [rows[3].position, ids[2]]);
    await fresh.ctx.db.query('update did_anchors set position = $1 where id = $2', [rows[2].position, ids[3]]);
    expect(await checkOn(fresh)).toMatchObject({ intact: false, brokenAt: ids[3] });
    await restore(fresh, rows);
    expect(await checkOn(fresh)).toMatchObject({ intact: true, length: 5 });
  });

  it('keeps one unforked chain under concurrent issues', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(fresh.url, 'POST', '/did/issue', kyc)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const check = await checkOn(fresh);
    expect(check).toMatchObject({ intact: true, length: 17, brokenAt: null });
    const prevs = answers.map((answer) => answer.body.anchor.prevDigest);
    expect(new Set(prevs).size).toBe(12);
  });
});

describe('the signing key', () => {
  it('is generated once with mode 0600 and reused after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pad-did-key-'));
    try {
      const before = await startTestServer({ dataDir, didSigningKey: undefined });
      const keyPath = join(dataDir, SIGNING_KEY_FILE);
      const keyText = readFileSync(keyPath, 'utf8');
      expect(statSync(keyPath).mode & 0o777).toBe(0o600);
      const issued = (await call(before.url, 'POST', '/did/issue', kyc)).body;
      await before.stop();

      const after = await startTestServer({ dataDir, didSigningKey: undefined });
      try {
        expect(readFileSync(keyPath, 'utf8')).toBe(keyText);
        const verified = await call(after.url, 'POST', '/did/verify', { token: issued.didToken });
        expect(verified.status).toBe(200);
        expect(verified.body.claims.sub).toBe(issued.didId);
      } finally {
        await after.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('comes from DID_SIGNING_KEY when set, which must be at least 32 bytes', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pad-did-env-'));
    try {
      const secret = 'x'.repeat(32);
      expect(Buffer.from(loadSigningKey({ dataDir, didSigningKey: secret })).toString()).toBe(secret);
      expect(() => statSync(join(dataDir, SIGNING_KEY_FILE))).toThrow();
      expect(() => loadSigningKey({ dataDir, didSigningKey: 'short' })).toThrow(/at least 32 bytes/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
