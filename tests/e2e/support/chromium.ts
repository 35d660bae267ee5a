// Debian's Chromium for the dashboard's browser suite, with the fonts its pages need: installed when missing
// and we may (root), else a clear error naming the one command that installs them (tools/browser-needs.mjs).
// Never a silent skip.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, ensureBrowserNeeds } from '../../../tools/browser-needs.mjs';
import { CHROMIUM_ARGS } from '../../../tools/chromium-flags.ts';

/** Chromium's path, once the machine has what the browser tests need. */
export function ensureChromium(): string {
  ensureBrowserNeeds();
  return CHROMIUM_PATH;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}
