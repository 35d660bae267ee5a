// What each long task of the page's main thread was, from a Chromium trace taken with the V8 sampling profiler
// on: the trace's top-level events inside the task (script evaluation, timers, animation frames, layout) and
// where its JavaScript samples fell, by package through the build's source maps (`vite build --sourcemap
// hidden`), WebGL calls by name: a WebGL call that waits for Chromium's GPU process (a shader's link status
// under SwiftShader) shows as time in that call.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

export interface AttributedTask {
  startMs: number;
  durationMs: number;
  /** The task's direct children in the trace, the longest first ('TimerFire 180'). */
  events: { name: string; ms: number }[];
  /** Its CPU samples grouped by what ran ('@luma.gl/webgl', 'WebGL linkProgram', 'GC'). */
  samples: { what: string; ms: number }[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per generated line, the [column, source index] of each mapping segment, from a source map's `mappings`. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  // Only the generated column and the source index matter here; the source's line and column are skipped.
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0]!;
      if (values.length > 1) source += values[1]!;
      segments.push([column, source]);
    }
    lines.push(segments);
  }
  return lines;
}

function packageOf(sourcePath: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(sourcePath);
  if (inModules) return inModules[1]!;
  return `app ${sourcePath.replace(/^(\.\.\/)+/, '')}`;
}

/** Maps a frame of the built bundle to the package (or our source file) it came from. */
class SourceMaps {
  private readonly maps = new Map<string, { sources: string[]; lines: [number, number][][] } | null>();
  constructor(private readonly distDir: string) {}

  packageAt(url: string, line: number, column: number): string | null {
    const name = /\/assets\/[^/?#]+\.js/.exec(url)?.[0];
    if (!name) return null;
    if (!this.maps.has(name)) {
      const path = join(this.distDir, `${name}.map`);
      const map = existsSync(path)
        ? (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; mappings: string })
        : null;
      this.maps.set(name, map && { sources: map.sources, lines: decodeMappings(map.mappings) });
    }
    const map = this.maps.get(name);
    const segments = map?.lines[line];
    if (!map || !segments?.length) return name.slice('/assets/'.length);
    let found = segments[0]!;
    for (const segment of segments) if (segment[0] <= column) found = segment;
    return packageOf(map.sources[found[1]] ?? name);
  }
}

function rendererMainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The dashboard's renderer is the one that evaluated the built bundle.
  const evaluating = new Set(
    events.filter((e) => String(e.args?.data?.url ?? '').includes('/assets/')).map((e) => `${e.pid}:${e.tid}`),
  );
  const main = mains.find((e) => evaluating.has(`${e.pid}:${e.tid}`)) ?? mains[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  return { pid: main.pid, tid: main.tid };
}

function samplesOf(events: TraceEvent[], thread: { pid: number; tid: number }): { ts: number; stack: CallFrame[] }[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === thread.pid)) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  return samples.map(({ ts, node }) => {
    const stack: CallFrame[] = [];
    for (let at = nodes.get(node); at; at = at.parent === undefined ? undefined : nodes.get(at.parent))
      stack.push(at.callFrame);
    return { ts, stack };
  });
}

function whatRan(stack: CallFrame[], maps: SourceMaps): string {
  const leaf = stack[0];
  if (!leaf) return 'unknown';
  if (leaf.functionName === '(garbage collector)') return 'GC';
  if (leaf.functionName.startsWith('(')) return leaf.functionName;
  // A native call (no url) under the bundle: WebGL's by its own name, others by the package that made them.
  const caller = stack.find((frame) => (frame.url ?? '').includes('/assets/'));
  if (
    !leaf.url &&
    /^(compileShader|linkProgram|getProgramParameter|getShaderParameter|getActive|getUniform|getAttrib|draw|readPixels|getParameter|getExtension|getContext|bufferData|texImage|useProgram|validateProgram)/.test(
      leaf.functionName,
    )
  ) {
    return `WebGL ${leaf.functionName.replace(/^(getActive|getUniform|getAttrib).*/, '$1…')}`;
  }
  if (!caller) return leaf.url ? 'other script' : `native ${leaf.functionName || '(anonymous)'}`;
  return maps.packageAt(caller.url, caller.lineNumber, caller.columnNumber) ?? 'other script';
}

/** The trace's names for what a task of the main thread does, the ones worth naming. */
const WHAT_A_TASK_DOES = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'XHRReadyStateChange',
  'RunMicrotasks',
  'V8.GCFinalizeMC',
]);

function topEntries(tally: Map<string, number>, limit: number): { name: string; ms: number }[] {
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({ name, ms: Math.round(ms) }));
}

/** Every task of the dashboard's main thread of at least `minMs` before `untilMs` (page time), attributed. */
export function attributeLongTasks(traceJson: string, distDir: string, minMs = 50): AttributedTask[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const thread = rendererMainThread(events);
  const onMain = events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === thread.pid &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  const origin = navigation?.ts ?? 0;
  const samples = samplesOf(events, thread);
  const maps = new SourceMaps(distDir);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! >= minMs * 1000 && e.ts >= origin);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const children = onMain.filter((e) => WHAT_A_TASK_DOES.has(e.name) && e.ts >= task.ts && e.ts + e.dur! <= end);
    // The outermost only: an event not inside another of them.
    const direct = children.filter(
      (e) => !children.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
    );
    const eventTally = new Map<string, number>();
    for (const e of direct) {
      const url = String(e.args?.data?.url ?? '');
      const label = url ? `${e.name} ${url.replace(/^.*\/assets\//, '')}` : e.name;
      eventTally.set(label, (eventTally.get(label) ?? 0) + e.dur! / 1000);
    }
    const sampleTally = new Map<string, number>();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const what = whatRan(sample.stack, maps);
      sampleTally.set(what, (sampleTally.get(what) ?? 0) + (sample.ts - previous) / 1000);
      previous = sample.ts;
    }
    return {
      startMs: (task.ts - origin) / 1000,
      durationMs: task.dur! / 1000,
      events: topEntries(eventTally, 4),
      samples: topEntries(sampleTally, 5).map(({ name, ms }) => ({ what: name, ms })),
    };
  });
}

export function formatAttributedTask(task: AttributedTask): string {
  const events = task.events.map((e) => `${e.name} ${e.ms}`).join(', ');
  const samples = task.samples.map((s) => `${s.what} ${s.ms}`).join(', ');
  return `${task.durationMs.toFixed(0).padStart(5)} ms at ${task.startMs.toFixed(0).padStart(5)}: ${events}\n${' '.repeat(20)}samples (ms): ${samples}`;
}
