// npm run simulate -- --url http://127.0.0.1:8080 --tourists 25 [--ping-ms 3000] [--seed 7]
//   [--panic-chance 0.02] [--soft-chance 0.04]
import { parseArgs } from 'node:util';
import { startSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIMULATE_URL ?? 'http://127.0.0.1:8080' },
    tourists: { type: 'string', default: '25' },
    'ping-ms': { type: 'string', default: '3000' },
    seed: { type: 'string' },
    'panic-chance': { type: 'string', default: '0.02' },
    'soft-chance': { type: 'string', default: '0.04' },
  },
});

function numberOption(name: keyof typeof values, min: number): number {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min) {
    console.error(`--${name} must be a number of at least ${min}, got "${values[name]}".`);
    process.exit(2);
  }
  return value;
}

const simulator = startSimulator({
  baseUrl: values.url!,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  tourists: Math.floor(numberOption('tourists', 1)),
  pingEveryMs: numberOption('ping-ms', 50),
  panicChancePerMinute: numberOption('panic-chance', 0),
  softChancePerMinute: numberOption('soft-chance', 0),
  ...(values.seed !== undefined && { seed: numberOption('seed', 0) }),
});

async function shutdown(): Promise<void> {
  await simulator.stop();
  const { pings, panics, softAlerts } = simulator.counts();
  console.log(`simulator stopped after ${pings} pings, ${panics} panic alerts, ${softAlerts} soft alerts`);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
