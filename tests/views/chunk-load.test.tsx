import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../src/views/dashboard/ChunkErrorBoundary.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, loadChunk } from '../../src/views/chunk-load.ts';

describe('a further script chunk that does not arrive (SPEC §8, §9)', () => {
  afterEach(() => vi.useRealTimers());

  it("fails with 'Loading chunk failed' after 120000 ms, not before", async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    let outcome: string | undefined;
    loadChunk(() => never).catch((error: Error) => (outcome = `${error.name}: ${error.message}`));
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('ChunkLoadError: Loading chunk failed');
  });

  it('a chunk whose download fails shows the error in place of the part, and the rest of the page stays', async () => {
    const Broken = lazy(() =>
      loadChunk<{ default: () => null }>(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <h2>Alerts</h2>
        <ChunkErrorBoundary fallback={(message) => <p role="alert">{message}</p>}>
          <Suspense fallback={<p>loading map</p>}>
            <Broken />
          </Suspense>
        </ChunkErrorBoundary>
      </div>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Loading chunk failed');
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
  });

  it('a chunk that arrives in time is used', async () => {
    await expect(loadChunk(() => Promise.resolve('module'))).resolves.toBe('module');
  });
});
