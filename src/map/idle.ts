// Yielding the main thread between the steps of the map's start (issue 33): a step waits for an idle
// period, which Chromium gives only after a frame is painted and while no task waits, so a stream message
// that arrives meanwhile is handled, and its row painted, before the map's next step.

/** Resolves in the page's next idle period (at the latest after `timeoutMs`); never once `signal` aborted. */
export function whenIdle(signal: AbortSignal, timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    const done = () => {
      signal.removeEventListener('abort', cancel);
      resolve();
    };
    let cancel: () => void;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(done, 0);
      cancel = () => clearTimeout(handle);
    }
    signal.addEventListener('abort', cancel, { once: true });
  });
}

/** Resolves after the next animation frame (deck.gl draws in its own); never once `signal` aborted. */
export function afterNextFrame(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    const handle = requestAnimationFrame(() => {
      signal.removeEventListener('abort', cancel);
      resolve();
    });
    const cancel = () => cancelAnimationFrame(handle);
    signal.addEventListener('abort', cancel, { once: true });
  });
}

const SYNC_GPU_COMMANDS_COMPLETE = 0x9117;
const SYNC_STATUS = 0x9114;
const SIGNALED = 0x9119;

/**
 * Resolves once the GPU has carried out every command given to `gl` so far (at the latest after
 * `timeoutMs`), asking each frame without blocking: a WebGL call that waited for it instead would hold the
 * page for as long as SwiftShader compiles what the draws need (0.8–1.7 s for the layers' first draws here).
 */
export function whenGpuDone(gl: WebGL2RenderingContext | null, signal: AbortSignal, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    const fence = gl?.fenceSync(SYNC_GPU_COMMANDS_COMPLETE, 0) ?? null;
    if (!gl || !fence) {
      resolve();
      return;
    }
    gl.flush();
    const started = performance.now();
    let frame = 0;
    const finish = () => {
      signal.removeEventListener('abort', cancel);
      gl.deleteSync(fence);
      resolve();
    };
    const cancel = () => {
      cancelAnimationFrame(frame);
      gl.deleteSync(fence);
    };
    const check = () => {
      if (gl.getSyncParameter(fence, SYNC_STATUS) === SIGNALED || performance.now() - started > timeoutMs) finish();
      else frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    signal.addEventListener('abort', cancel, { once: true });
  });
}

/**
 * Resolves on the map's first complete drawing ('load'), on its first error (a configured style that does not
 * load never draws: the layers still must), or after `timeoutMs`; never once `signal` aborted.
 */
export function whenMapLoaded(
  map: { once(type: 'load' | 'error', listener: () => void): unknown; loaded(): boolean },
  signal: AbortSignal,
  timeoutMs = 3000,
): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    if (map.loaded()) {
      resolve();
      return;
    }
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      if (!signal.aborted) resolve();
    }
    map.once('load', done);
    map.once('error', done);
  });
}
