// For bench/store-outage.ts: what phones and a dashboard see through one cut of the store. Each phone sends a
// panic every 2 s with a key of its own, and sends one again with the same key at its next turn when it was
// not answered 201; a dashboard reads GET /incidents every second. Every answer is kept with its status and
// time, told apart by whether the store was cut when it was sent.
import type { TcpProxy } from '../../tools/tcp-proxy.ts';
import { getPath, postPanic, type Answer, type AlertStream } from './outage-client.ts';
import { monotonicMs, round, sleep } from './stats.ts';

const PANIC_EVERY_MS = 2000;
const READ_EVERY_MS = 1000;
/** Phones start this long before the cut, and go on this long after the store is back. */
export const AROUND_MS = 2000;

export interface PhoneAnswer extends Answer {
  duringCut: boolean;
}

export interface CutRun {
  cutMs: number;
  panics: PhoneAnswer[];
  reads: PhoneAnswer[];
  /** From the restore to the stream's `store` event saying it is back (null: never heard). */
  storeBackMs: number | null;
  /** From the restore to the first GET /incidents answered 200. */
  readsBackMs: number | null;
}

export interface Phones {
  /** The store was cut now. */
  cut(): void;
  /** The store was restored now. */
  restored(): void;
  /** Once the server has told of the store's return and reads answer again (or 15 s): every answer. */
  stop(): Promise<CutRun>;
}

/** `phones` phones and one dashboard at work from now until `stop`. */
export function startPhones(url: string, stream: AlertStream, options: { phones: number; tag: string }): Phones {
  let cut = false;
  let running = true;
  let cutAt = 0;
  let restoredAt = 0;
  let readsBackAt: number | undefined;
  const panics: PhoneAnswer[] = [];
  const reads: PhoneAnswer[] = [];
  const storeEventsBefore = stream.storeEvents.length;

  const phone = async (index: number) => {
    await sleep((index * PANIC_EVERY_MS) / options.phones);
    let pending: string | undefined;
    for (let n = 0; running; n++) {
      const tick = monotonicMs();
      const key = pending ?? `${options.tag}-p${index}-${n}`;
      const duringCut = cut;
      const answer = await postPanic(url, key);
      panics.push({ ...answer, duringCut });
      pending = answer.status === 201 ? undefined : key;
      await sleep(Math.max(0, PANIC_EVERY_MS - (monotonicMs() - tick)));
    }
  };
  const dashboard = async () => {
    while (running) {
      const tick = monotonicMs();
      const duringCut = cut;
      const answer = await getPath(url, '/incidents?limit=50');
      reads.push({ ...answer, duringCut });
      if (answer.status === 200 && restoredAt > 0 && readsBackAt === undefined) readsBackAt = monotonicMs();
      await sleep(Math.max(0, READ_EVERY_MS - (monotonicMs() - tick)));
    }
  };
  const working = Promise.all([...Array.from({ length: options.phones }, (_, i) => phone(i)), dashboard()]);
  const storeBack = () => stream.storeEvents.slice(storeEventsBefore).find((event) => event.available);

  return {
    cut() {
      cut = true;
      cutAt = monotonicMs();
    },
    restored() {
      cut = false;
      restoredAt = monotonicMs();
    },
    async stop() {
      // Long enough for the server's next probe (at most 5 s apart) and the reads after it.
      for (const giveUpAt = restoredAt + 15_000; (!storeBack() || !readsBackAt) && monotonicMs() < giveUpAt; )
        await sleep(50);
      await sleep(AROUND_MS);
      running = false;
      await working;
      const back = storeBack();
      return {
        cutMs: round(restoredAt - cutAt, 0)!,
        panics,
        reads,
        storeBackMs: back ? round(back.at - restoredAt) : null,
        readsBackMs: readsBackAt ? round(readsBackAt - restoredAt) : null,
      };
    },
  };
}

/** Phones and a dashboard through a cut of `cutMs` and nothing else. */
export async function phonesThroughCut(
  url: string,
  proxy: TcpProxy,
  stream: AlertStream,
  options: { phones: number; cutMs: number; tag: string },
): Promise<CutRun> {
  const phones = startPhones(url, stream, options);
  await sleep(AROUND_MS);
  await proxy.cut();
  phones.cut();
  await sleep(options.cutMs);
  await proxy.restore();
  phones.restored();
  return phones.stop();
}

const countBy = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of answers) {
    const key = status === 0 ? 'none' : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
const worst = (answers: Answer[]) => round(answers.length ? Math.max(...answers.map((answer) => answer.ms)) : NaN);

/** The figures of one cut: what the phones and the dashboard saw while the store was away. */
export function cutFigures(run: CutRun) {
  const during = run.panics.filter((answer) => answer.duringCut);
  const readsDuring = run.reads.filter((answer) => answer.duringCut);
  const retryAfter = readsDuring.map((answer) => Number(answer.retryAfter)).filter(Number.isFinite);
  return {
    cutSeconds: round(run.cutMs / 1000),
    panicsDuringCut: during.length,
    answered201: during.filter((answer) => answer.status === 201).length,
    non201: during.filter((answer) => answer.status !== 201).length,
    worstMs: worst(during),
    over2s: during.filter((answer) => answer.ms > 2000).length,
    statuses: countBy(during),
    /** Every panic of the run, before, during and after the cut. */
    allNon201: run.panics.filter((answer) => answer.status !== 201).length,
    allWorstMs: worst(run.panics),
    reads: readsDuring.length,
    readStatuses: countBy(readsDuring),
    readsNot503: readsDuring.filter((answer) => answer.status !== 503 || answer.store !== 'unavailable').length,
    readsWorstMs: worst(readsDuring),
    retryAfterMin: retryAfter.length ? Math.min(...retryAfter) : null,
    retryAfterMax: retryAfter.length ? Math.max(...retryAfter) : null,
    readsWithoutRetryAfter: readsDuring.filter((answer) => answer.status === 503 && !answer.retryAfter).length,
    storeBackMs: run.storeBackMs,
    readsBackMs: run.readsBackMs,
  };
}
