// Debian's Chromium for the dashboard's browser suite: installed when missing and we may (root), else a
// clear error naming the one command that installs it. Never a silent skip.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium-flags.ts';

export const INSTALL_COMMAND = 'apt-get install -y chromium';


function installChromium(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  } catch {
    // A fresh machine has no package lists yet.
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  }
}

/** Makes sure Chromium is at CHROMIUM_PATH: installs Debian's package as root, otherwise throws naming the command. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && CHROMIUM_PATH === '/usr/bin/chromium') {
    console.log(`Chromium is missing: running \`${INSTALL_COMMAND}\` for the browser tests`);
    try {
      installChromium();
    } catch (error) {
      throw new Error(`Chromium is missing and \`${INSTALL_COMMAND}\` failed (${String(error)}); run it and retry.`, { cause: error });
    }
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(
    `The browser tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo ${INSTALL_COMMAND}` +
      ' (or point CHROMIUM_PATH at a Chromium binary).',
  );
}

let shared: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  return shared;
}

/**
 * The browser suite's Chromium: one process for all the files a test worker runs one after another (a launch
 * and its exit cost some 2 s of a 2-core machine each), handed to each caller as a browser of its own. Its
 * `close()` closes the contexts that caller opened and leaves the process to the next file; playwright ends
 * the process with the worker. Contexts share no cookies, storage or cache.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const closeOpened = async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    opened.clear();
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          opened.add(context);
          return context;
        };
      }
      if (property === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          opened.add(page.context());
          return page;
        };
      }
      if (property === 'contexts') return () => target.contexts().filter((context) => opened.has(context));
      if (property === 'close') return closeOpened;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
