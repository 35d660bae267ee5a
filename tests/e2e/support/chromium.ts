// Debian's Chromium for the dashboard's browser suite: installed when missing and we may (root), else a
// clear error naming the one command that installs it. Never a silent skip.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}
