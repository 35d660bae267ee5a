// Main-thread JavaScript per animation frame, from a Chromium trace (devtools.timeline): on the page's main
// thread, the frames are the runs of requestAnimationFrame callbacks (FireAnimationFrame events less than a
// millisecond apart); a frame's JavaScript is the time covered by its script events (callbacks, event
// handlers, timers, microtasks, each counted once where they nest) from its first callback to the next frame's.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const SCRIPT_EVENTS = new Set([
  'FireAnimationFrame',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'RunMicrotasks',
  'EvaluateScript',
  'FireIdleCallback',
]);
/** rAF callbacks further apart than this belong to two frames. */
const SAME_FRAME_GAP_US = 1000;

export function scriptMsPerFrame(traceJson: string): number[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  // The page's main thread: the one with the most animation frame callbacks.
  const callbacksByThread = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'FireAnimationFrame' && event.ph === 'X')
      callbacksByThread.set(`${event.pid}:${event.tid}`, (callbacksByThread.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  }
  const [thread] = [...callbacksByThread.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!thread) return [];
  const onThread = events
    .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && SCRIPT_EVENTS.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);

  const frameStarts: number[] = [];
  let lastCallbackEnd = -Infinity;
  for (const event of onThread) {
    if (event.name !== 'FireAnimationFrame') continue;
    if (event.ts - lastCallbackEnd > SAME_FRAME_GAP_US) frameStarts.push(event.ts);
    lastCallbackEnd = Math.max(lastCallbackEnd, event.ts + event.dur!);
  }
  // The last frame has no next one to end it: left out.
  const perFrame = new Array<number>(Math.max(0, frameStarts.length - 1)).fill(0);
  let frame = 0;
  let coveredUntil = -Infinity;
  for (const event of onThread) {
    while (frame < perFrame.length && event.ts >= frameStarts[frame + 1]!) frame++;
    if (frame >= perFrame.length) break;
    if (event.ts < frameStarts[0]!) continue;
    const start = Math.max(event.ts, coveredUntil);
    const end = event.ts + event.dur!;
    if (end > start) perFrame[frame]! += (end - start) / 1000;
    coveredUntil = Math.max(coveredUntil, end);
  }
  return perFrame;
}
