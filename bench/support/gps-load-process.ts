// Background GPS load in its own process: `pingsPerBatch` pings to POST /gps/batch every `everyMs`, without
// waiting for the previous batch (at most a few in flight; a batch that would exceed them is skipped and
// counted). Driven by gps-load.ts. `state` as the fourth argument: the 100,000 tourists of state-pings.ts.
import { gpsPings, postJson } from './http-post.ts';
import { statePings } from './state-pings.ts';

const MAX_IN_FLIGHT = 4;
const TOURISTS = 500;

const [url, pingsPerBatch, everyMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const pingsFrom =
  process.argv[5] === 'state' ? statePings : (first: number, count: number) => gpsPings(first, count, TOURISTS);
let sent = 0;
let stored = 0;
let failed = 0;
let skipped = 0;
let inFlight = 0;
const started = Date.now();

const timer = setInterval(() => {
  if (inFlight >= MAX_IN_FLIGHT) return void skipped++;
  inFlight++;
  const pings = pingsFrom(sent, pingsPerBatch);
  sent += pingsPerBatch;
  postJson(`${url}/gps/batch`, { pings })
    .then((status) => (status === 201 ? (stored += pingsPerBatch) : failed++))
    .catch(() => failed++)
    .finally(() => inFlight--);
}, everyMs);

process.on('message', () => {
  clearInterval(timer);
  const seconds = (Date.now() - started) / 1000;
  process.send!({ pingsPerSecond: stored / seconds, failedBatches: failed, skippedBatches: skipped }, () =>
    process.exit(0),
  );
});
