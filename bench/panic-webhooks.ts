// The panic path with outgoing notifications (issue 34 point 5): POST /panic-alert answer times on the real
// server (PGlite, its own process), 10 phones at once. First the figure run.ts checks (webhooks add at most
// 5 ms to the p99): rounds that alternate no enabled webhook (the floor) with three enabled webhooks whose
// receiver answers each request only after a second, so the sender always has requests in flight; the
// rounds alternate so that the machine's drift falls on both. Then, kept from the first version: three
// webhooks whose receiver answers at once, and the same three while it holds every request without
// answering (the sender's 10 s limit). The outbox row is written in the panic's transaction; the sending is
// after commit, so the figures should not move.
// Run: npx tsx bench/panic-webhooks.ts (BENCH_QUICK=1: fewer panics; BENCH_WEBHOOK_PHASES=none: the first phase
// alone, for a server without webhooks). The last stdout line is `BENCH_FIGURES <json>`.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnBenchServer, QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { postJsonAnswer } from './support/http-post.ts';
import { monotonicMs, percentile, round, until } from './support/stats.ts';

const PANICS = QUICK ? 200 : 600;
const PHONES = 10;
const WARM_UP = 50;
const WEBHOOKS = 3;
/** Rounds of the floor and of the slow receiver, alternating; each takes PANICS / ROUNDS panics. */
const ROUNDS = QUICK ? 4 : 6;
const SLOW_ANSWER_MS = 1_000;

type ReceiverMode = 'ok' | 'slow' | 'hang';

function startReceiver() {
  const state = { mode: 'ok' as ReceiverMode, received: 0, held: [] as ServerResponse[] };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.received++;
      if (state.mode === 'hang') state.held.push(response);
      else if (state.mode === 'slow') setTimeout(() => response.writeHead(200).end(), SLOW_ANSWER_MS);
      else response.writeHead(200).end();
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        state,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

/** `count` panics from `PHONES` phones at once, each sending its next when the last is answered: answer times in ms. */
async function panics(url: string, count: number, tag: string): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const phone = async () => {
    while (next < count) {
      const i = next++;
      const sent = monotonicMs();
      const { status } = await postJsonAnswer(`${url}/panic-alert`, {
        latitude: 25.57 + (i % 50) / 10_000,
        longitude: 91.88,
        touristId: `${tag}-${i % 40}`,
      });
      if (status !== 201) throw new Error(`panic answered ${status}`);
      times.push(monotonicMs() - sent);
    }
  };
  await Promise.all(Array.from({ length: PHONES }, phone));
  return times;
}

const summary = (times: number[]) => ({ p50Ms: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) });

const onlyBaseline = process.env.BENCH_WEBHOOK_PHASES === 'none';
console.log(
  `Panic answers with outgoing webhooks: ${PANICS} panics per phase from ${PHONES} phones at once${QUICK ? ' (quick)' : ''}`,
);
const server = await spawnBenchServer();
const receiver = await startReceiver();
const figures: Record<string, ReturnType<typeof summary> | null> = {
  noWebhooks: null,
  threeWebhooks: null,
  receiverHanging: null,
};
let slowReceiver: Record<string, number | null> | null = null;
let drainMs: number | null = null;

async function setEnabled(ids: string[], enabled: boolean): Promise<void> {
  for (const id of ids) {
    const answer = await fetch(`${server.url}/webhooks/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled }),
    });
    if (answer.status !== 200) throw new Error(`PATCH /webhooks/${id} answered ${answer.status}`);
  }
}

try {
  await panics(server.url, WARM_UP, 'warm-up');
  if (onlyBaseline) {
    figures.noWebhooks = summary(await panics(server.url, PANICS, 'none'));
    console.log(`  no webhook             p50 ${figures.noWebhooks.p50Ms} ms  p99 ${figures.noWebhooks.p99Ms} ms`);
  } else {
    const ids: string[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const { status, text } = await postJsonAnswer(`${server.url}/webhooks`, {
        name: `bench-${i}`,
        url: receiver.url,
        events: ['panic.created'],
        enabled: false,
      });
      if (status !== 201) throw new Error(`POST /webhooks answered ${status}`);
      ids.push((JSON.parse(text) as { webhook: { id: string } }).webhook.id);
    }
    receiver.state.mode = 'slow';
    const floor: number[] = [];
    const slow: number[] = [];
    for (let turn = 0; turn < ROUNDS; turn++) {
      await setEnabled(ids, false);
      floor.push(...(await panics(server.url, PANICS / ROUNDS, `floor-${turn}`)));
      await setEnabled(ids, true);
      slow.push(...(await panics(server.url, PANICS / ROUNDS, `slow-${turn}`)));
    }
    const [withSlow, without] = [summary(slow), summary(floor)];
    figures.noWebhooks = without;
    slowReceiver = {
      p50Ms: withSlow.p50Ms,
      p99Ms: withSlow.p99Ms,
      floorP50Ms: without.p50Ms,
      floorP99Ms: without.p99Ms,
      addedP99Ms: round(percentile(slow, 0.99) - percentile(floor, 0.99)),
      rounds: ROUNDS,
      answerAfterMs: SLOW_ANSWER_MS,
    };
    console.log(
      `  no webhook enabled     p50 ${without.p50Ms} ms  p99 ${without.p99Ms} ms  (${ROUNDS} rounds, alternating with the next line)`,
    );
    console.log(
      `  3 webhooks, slow (1 s) p50 ${withSlow.p50Ms} ms  p99 ${withSlow.p99Ms} ms  (p99 +${slowReceiver.addedP99Ms} ms)`,
    );

    // The receiver answers at once again; the slow rounds' deliveries are let through first.
    receiver.state.mode = 'ok';
    await until(() => receiver.state.received >= (PANICS / 2) * WEBHOOKS, 120_000, "the slow rounds' deliveries");
    const before = receiver.state.received;
    figures.threeWebhooks = summary(await panics(server.url, PANICS, 'three'));
    const receivedDuring = receiver.state.received - before;
    const burstEnded = monotonicMs();
    await until(() => receiver.state.received - before >= PANICS * WEBHOOKS, 60_000, 'every delivery of the burst');
    drainMs = round(monotonicMs() - burstEnded);
    console.log(
      `  3 webhooks, answering  p50 ${figures.threeWebhooks.p50Ms} ms  p99 ${figures.threeWebhooks.p99Ms} ms` +
        ` (${receivedDuring} of ${PANICS * WEBHOOKS} requests received during the burst, the rest ${drainMs} ms after it)`,
    );
    receiver.state.mode = 'hang';
    figures.receiverHanging = summary(await panics(server.url, PANICS, 'hang'));
    console.log(
      `  3 webhooks, hanging    p50 ${figures.receiverHanging.p50Ms} ms  p99 ${figures.receiverHanging.p99Ms} ms  (${receiver.state.held.length} requests held)`,
    );
  }
} finally {
  const stopped = monotonicMs();
  await server.stop();
  console.log(
    `  server stopped in ${Math.round(monotonicMs() - stopped)} ms with the receiver holding ${receiver.state.held.length} requests`,
  );
  receiver.close();
}
printFigures({ panicWebhooks: { ...figures, drainAfterBurstMs: drainMs, slowReceiver } });
