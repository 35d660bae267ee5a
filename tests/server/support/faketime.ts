// A wall clock a test can step under a real server process (issue 47.5): Debian's libfaketime, preloaded,
// reads the offset from a file at every call (FAKETIME_NO_CACHE), so writing "-1h" to it steps the running
// process's CLOCK_REALTIME back an hour; its CLOCK_MONOTONIC stays true (DONT_FAKE_MONOTONIC), as on a
// machine whose NTP client stepped the clock.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `apt-get install faketime` puts it here (multiarch); LIBFAKETIME names another. */
export const LIBFAKETIME: string | undefined =
  process.env.LIBFAKETIME ??
  readdirSync('/usr/lib')
    .map((folder) => join('/usr/lib', folder, 'faketime/libfaketime.so.1'))
    .find((path) => existsSync(path));

/** .ci/run sets it: there, a missing libfaketime fails the test instead of skipping it. */
export const FAKETIME_REQUIRED = process.env.REQUIRE_LIBFAKETIME === '1';

export const FAKETIME_MISSING =
  'libfaketime is not installed (Debian: apt-get install -y faketime; or set LIBFAKETIME to its path)';

export interface SteppableClock {
  /** The environment that puts a child process on this clock. */
  env: Record<string, string>;
  /** Sets the child's wall clock to the true time plus `offset` (libfaketime's form: "+0", "-1h", "+1h"). */
  set(offset: string): void;
  remove(): void;
}

export function steppableClock(): SteppableClock {
  if (!LIBFAKETIME) throw new Error(FAKETIME_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'pad-faketime-'));
  const file = join(dir, 'offset');
  // Written whole and renamed into place: a reader never sees a half-written offset.
  const set = (offset: string) => {
    writeFileSync(`${file}.next`, `${offset}\n`);
    renameSync(`${file}.next`, file);
  };
  set('+0');
  return {
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: '1',
      DONT_FAKE_MONOTONIC: '1',
      // File times stay true: the compiled server is rebuilt by its sources' modification times.
      NO_FAKE_STAT: '1',
    },
    set,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
