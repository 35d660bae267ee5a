// Crashes with phones at work (issue 33): 20 phones send panics one after another, each retried with its own
// Idempotency-Key until answered 201, while `npm start` is SIGKILLed 20 times: at random moments (in the start
// window, during the store's start, once the whole API answers) and, every fourth time, in the middle of the
// journal's replay (held open with START_REPLAY_DELAY_MS so the kill lands inside it). At the end every panic
// answered 201 must be stored exactly once: none lost, none doubled. With DATABASE_URL set, PostgreSQL too.
// Run: npx tsx bench/restart-phones.ts   (BENCH_QUICK=1: 6 kills)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropSchema } from '../tools/drop-schema.ts';
import { freePort } from '../tools/spawn-server.ts';
import { killGroup, spawnKeepingOutput, stopGroup, waitFor200 } from './restart-process.ts';
import { printFigures } from './support/figures.ts';
import { sleep } from './support/stats.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const KILLS = process.env.BENCH_QUICK === '1' ? 6 : 20;
const PHONES = 20;
const MID_REPLAY_EVERY = 4;
/** How long the replay is held open in the rounds killed inside it. */
const REPLAY_HOLD_MS = 400;
const PHONE_PAUSE_MS = 100;
const RETRY_MS = 50;
const REPLAY_HELD = /holding the replay of (\d+) panic/;

interface Phone {
  acknowledged: Map<string, string>;
  rejected: string[];
}

/** One phone: panics one after another, each retried with its key until 201; stops after `stop()`. */
async function runPhone(url: string, index: number, stopped: () => boolean, phone: Phone): Promise<void> {
  for (let sequence = 0; !stopped(); sequence++) {
    const key = `phone-${index}-panic-${sequence}`;
    const body = JSON.stringify({
      latitude: 25.5 + index / 100,
      longitude: 91.8 + sequence / 10_000,
      touristId: `bench-phone-${index}`,
      deviceId: key,
    });
    for (;;) {
      const answer = await fetch(`${url}/panic-alert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
        body,
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      if (answer?.status === 201) {
        phone.acknowledged.set(key, ((await answer.json()) as { incident: { id: string } }).incident.id);
        break;
      }
      // 503 (starting, or handed over mid-body) and no answer at all are retried; anything else is a refusal.
      if (answer && answer.status !== 503) {
        phone.rejected.push(`${key}: ${answer.status} ${await answer.text()}`);
        break;
      }
      await answer?.body?.cancel();
      await sleep(RETRY_MS);
    }
    await sleep(PHONE_PAUSE_MS);
  }
}

/** Per deviceId (each panic's key), how many incidents the CSV export holds. */
async function storedPerKey(url: string): Promise<Map<string, number>> {
  const csv = await (await fetch(`${url}/incidents/export`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const deviceColumn = header.split(',').indexOf('deviceId');
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.split(',')[deviceColumn];
    if (key.startsWith('phone-')) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Waits until the output says the replay is held open; answers how many panics it holds. */
async function replayHeld(output: () => string, exited: () => boolean): Promise<number | undefined> {
  for (let waited = 0; waited < 30_000 && !exited(); waited += 5) {
    const held = REPLAY_HELD.exec(output());
    if (held) return Number(held[1]);
    await sleep(5);
  }
  return undefined;
}

async function measure(label: string, storageEnv: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-phones-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, ...storageEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const phones: Phone[] = Array.from({ length: PHONES }, () => ({ acknowledged: new Map(), rejected: [] }));
  let stopping = false;
  try {
    let server = spawnKeepingOutput('npm', ['start'], env, root);
    await waitFor200(`${url}/db-mode`, server.child, server.output);
    const running = phones.map((phone, index) => runPhone(url, index, () => stopping, phone));
    let killsMidReplay = 0;
    let panicsInKilledReplays = 0;
    for (let kill = 1; kill <= KILLS; kill++) {
      const midReplay = kill % MID_REPLAY_EVERY === 0;
      if (midReplay) {
        const exited = () => server.child.exitCode !== null;
        const held = await replayHeld(server.output, exited);
        if (held === undefined) throw new Error(`${label}: the replay was never held open:\n${server.output()}`);
        killsMidReplay += 1;
        panicsInKilledReplays += held;
      } else {
        await sleep(200 + Math.random() * 1300);
      }
      await killGroup(server.child);
      const nextMidReplay = (kill + 1) % MID_REPLAY_EVERY === 0 && kill < KILLS;
      server = spawnKeepingOutput(
        'npm',
        ['start'],
        { ...env, START_REPLAY_DELAY_MS: nextMidReplay ? String(REPLAY_HOLD_MS) : '0' },
        root,
      );
      const acknowledged = phones.reduce((sum, phone) => sum + phone.acknowledged.size, 0);
      console.log(
        `${label}: kill ${kill}/${KILLS}${midReplay ? ' (in the middle of a replay)' : ''}; ${acknowledged} panics acknowledged so far`,
      );
    }
    await waitFor200(`${url}/db-mode`, server.child, server.output);
    await sleep(1000);
    stopping = true;
    await Promise.all(running);
    const counts = await storedPerKey(url);
    await stopGroup(server.child);
    let lost = 0;
    let doubled = 0;
    for (const phone of phones) {
      for (const key of phone.acknowledged.keys()) {
        const stored = counts.get(key) ?? 0;
        if (stored === 0) lost += 1;
        if (stored > 1) doubled += stored - 1;
      }
    }
    const rejected = phones.flatMap((phone) => phone.rejected);
    const panicsAcknowledged = phones.reduce((sum, phone) => sum + phone.acknowledged.size, 0);
    console.log(
      `${label}: ${KILLS} SIGKILLs (${killsMidReplay} in the middle of a replay of ${panicsInKilledReplays} panics in all), ` +
        `${panicsAcknowledged} panics acknowledged: ${lost} lost, ${doubled} doubled, ${rejected.length} refused`,
    );
    for (const refusal of rejected.slice(0, 5)) console.log(`  refused: ${refusal}`);
    return {
      kills: KILLS,
      killsMidReplay,
      panicsAcknowledged,
      lost,
      doubled,
      lostOrDoubled: lost + doubled + rejected.length,
    };
  } finally {
    stopping = true;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pglite = await measure('PGlite', { DATABASE_URL: '' });
let postgres: Awaited<ReturnType<typeof measure>> | undefined;
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schema = `bench_phones_${process.pid}`;
  try {
    postgres = await measure('PostgreSQL', { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
  } finally {
    await dropSchema(databaseUrl, schema);
  }
}
const worst = Math.max(pglite.lostOrDoubled, postgres?.lostOrDoubled ?? 0);
printFigures({ restartPhones: { ...pglite, lostOrDoubled: worst, ...(postgres && { postgres }) } });
process.exit(worst > 0 ? 1 : 0);
