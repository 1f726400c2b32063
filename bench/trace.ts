/**
 * Where a page's main thread spends a window of time, from a Chrome trace taken over the DevTools
 * protocol (playwright-core's CDP session): the renderer's CPU samples (the trace's own V8 sampling
 * profiler, which follows the page across a process swap) attributed to the npm package or our code
 * through the build's hidden source maps, and to the chunk file; the trace's own events for script
 * evaluation per chunk, style, layout and paint; and the time the thread sat idle.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { packageOf, positionIndex, readMap } from './sourcemap';

type TraceEvent = {
  name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
};

const CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'v8',
  'disabled-by-default-v8.cpu_profiler', 'toplevel', '__metadata',
].join(',');

/** Starts a trace of the browser; `stop` ends it and answers its events. */
export const startTrace = async (page: Page): Promise<{ stop: () => Promise<TraceEvent[]> }> => {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => { events.push(...(value as unknown as TraceEvent[])); });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents', options: 'sampling-frequency=10000' });
  return {
    stop: async () => {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => undefined);
      if (process.env.OPEN_TRACE_FILE) writeFileSync(process.env.OPEN_TRACE_FILE, JSON.stringify({ traceEvents: events }));
      return events;
    },
  };
};

export type Breakdown = {
  windowMs: number; idleMs: number;
  /** CPU samples by package (our code as "(our code)"), ms. */
  byPackage: Map<string, number>;
  /** CPU samples by file (chunk), ms. */
  byFile: Map<string, number>;
  /** CPU samples inside the top-level runs of modules (the trace's evaluation events), by chunk, ms. */
  evaluate: Map<string, number>;
  /** Compilation on the main thread by chunk (the trace's compile events), ms. */
  compile: Map<string, number>;
  styleMs: number; layoutMs: number; paintMs: number; gcMs: number;
};

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const fileOf = (url: string): string => url.replace(/^https?:\/\/[^/]+\//, '').replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');

const STYLE = new Set(['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation']);
const LAYOUT = new Set(['Layout']);
const PAINT = new Set(['Paint', 'PrePaint', 'Layerize', 'Commit', 'UpdateLayer', 'PaintImage', 'CompositeLayers']);
const GC = new Set(['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'BlinkGC.AtomicPhase']);
/** A module graph's (or a classic script's) top-level run: the trace names no file, the samples inside it do. */
const EVALUATE = new Set(['EvaluateScript', 'v8.evaluateModule']);
const COMPILE = new Set(['v8.compile', 'v8.compileModule']);

/**
 * The main thread's time in [fromMs, toMs] of the page's clock (performance.now()), given the page's
 * `markName` mark at `markMs`: the trace and the page clock are aligned on that mark.
 */
export const breakdown = (events: readonly TraceEvent[], { markName, markMs, fromMs, toMs, dist }: {
  markName: string; markMs: number; fromMs: number; toMs: number; dist: string;
}): Breakdown | null => {
  const mark = events.find((e) => e.name === markName && e.cat.includes('blink.user_timing'));
  if (!mark) return null;
  const { pid } = mark;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? mark.tid;
  const origin = mark.ts - markMs * 1000;
  const from = origin + fromMs * 1000;
  const to = origin + toMs * 1000;
  const clip = (e: TraceEvent) => Math.max(0, Math.min(to, e.ts + (e.dur ?? 0)) - Math.max(from, e.ts)) / 1000;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');

  let busy = 0;
  let styleMs = 0;
  let layoutMs = 0;
  let paintMs = 0;
  let gcMs = 0;
  const evaluate = new Map<string, number>();
  const compile = new Map<string, number>();
  const evaluations: [number, number][] = [];
  for (const e of onMain) {
    const ms = clip(e);
    if (ms <= 0) continue;
    if (e.name === 'RunTask') busy += ms;
    if (STYLE.has(e.name)) styleMs += ms;
    else if (LAYOUT.has(e.name)) layoutMs += ms;
    else if (PAINT.has(e.name)) paintMs += ms;
    else if (GC.has(e.name)) gcMs += ms;
    else if (COMPILE.has(e.name)) {
      const url = String(e.args?.data?.url ?? '');
      if (url) add(compile, fileOf(url), ms);
    }
    if (EVALUATE.has(e.name)) evaluations.push([e.ts, e.ts + (e.dur ?? 0)]);
  }
  const evaluating = (ts: number) => evaluations.some(([start, end]) => ts >= start && ts <= end);

  // CPU samples: one Profile per thread, its nodes and samples in ProfileChunks (nodes grow chunk by chunk).
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
    ?? events.find((e) => e.name === 'Profile' && e.pid === pid);
  const byPackage = new Map<string, number>();
  const byFile = new Map<string, number>();
  if (profile) {
    type Node = { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } };
    const nodes = new Map<number, Node>();
    const lookups = new Map<string, ((line: number, column: number) => string | null) | null>();
    const lookupOf = (url: string) => {
      if (!lookups.has(url)) {
        const path = url.replace(/^https?:\/\/[^/]+\//, '');
        const map = /^assets\/.+\.js$/.test(path) ? readMap(join(dist, path)) : null;
        lookups.set(url, map ? positionIndex(map) : null);
      }
      return lookups.get(url)!;
    };
    let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id)) {
      const data = chunk.args?.data as { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const samples = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i += 1) {
        const previous = ts;
        ts += deltas[i] ?? 0;
        if (ts < from || previous > to) continue;
        const ms = (ts - previous) / 1000;
        const node = nodes.get(samples[i]!);
        const frame = node?.callFrame;
        if (!frame) continue;
        if (frame.functionName === '(idle)') continue;
        // A sample in no script is the browser's own work (a DOM call, style, layout) or the collector.
        const native = frame.functionName === '(garbage collector)' ? '(GC)' : '(browser: DOM, style, layout)';
        const file = frame.url ? fileOf(frame.url) : native;
        if (evaluating(ts)) {
          add(evaluate, file, ms);
          continue;
        }
        const lookup = frame.url ? lookupOf(frame.url) : null;
        const source = lookup ? lookup(frame.lineNumber, frame.columnNumber) : null;
        add(byPackage, source ? packageOf(source) : file, ms);
        add(byFile, file, ms);
      }
    }
  }
  const windowMs = (to - from) / 1000;
  return { windowMs, idleMs: Math.max(0, windowMs - busy), byPackage, byFile, evaluate, compile, styleMs, layoutMs, paintMs, gcMs };
};

const top = (map: Map<string, number>, count: number): string =>
  [...map.entries()].filter(([, v]) => v >= 0.5).sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');

/** One breakdown as a few lines of text. */
export const formatBreakdown = (b: Breakdown): string => [
  `window ${b.windowMs.toFixed(0)} ms: main thread idle ${b.idleMs.toFixed(0)}, style ${b.styleMs.toFixed(0)}, layout ${b.layoutMs.toFixed(0)}, paint ${b.paintMs.toFixed(0)}, GC ${b.gcMs.toFixed(0)}`,
  `  module evaluation by chunk (CPU samples in the trace's evaluation events, ms): ${top(b.evaluate, 8) || '-'}; compile: ${top(b.compile, 6) || '-'}`,
  `  after evaluation, by package (CPU samples through the source maps, ms): ${top(b.byPackage, 12) || '-'}`,
  `  after evaluation, by chunk: ${top(b.byFile, 8) || '-'}`,
].join('\n');
