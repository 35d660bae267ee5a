export interface BundleOptions {
  root: string;
  entry: string;
  cacheDir: string;
}

export const defaultBundleOptions: BundleOptions;

export function ensureServerBundle(options?: BundleOptions): Promise<{ path: string; compiledMs: number }>;
