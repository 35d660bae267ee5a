export const DEBIAN_CHROMIUM: string;
export const CHROMIUM_PATH: string;

export interface MissingNeed {
  need: string;
  /** The Debian packages that bring it; none for a CHROMIUM_PATH of one's own. */
  packages: string[];
}

export function missingBrowserNeeds(chromiumPath?: string): MissingNeed[];
export function installCommand(packages: string[]): string;
export function missingSentence(missing: MissingNeed[]): string;
export function ensureBrowserNeeds(options?: { chromiumPath?: string; log?: (line: string) => void }): void;
