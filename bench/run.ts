// `npm run bench`: every benchmark, one after the other, each printing its figures and ratios.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benches = ['fanout.ts', 'ingest.ts', 'read-priority.ts'];
let failed = false;
for (const bench of benches) {
  console.log(`\n=== bench/${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(bench, import.meta.url))], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
