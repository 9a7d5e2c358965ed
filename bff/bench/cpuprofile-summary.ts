/**
 * A V8 CPU profile (.cpuprofile, as `node --cpu-prof` or the inspector's Profiler writes it) summed
 * up: the functions, files and packages that took the thread's time, by self time (samples in the
 * function itself) and by total time (samples with the function anywhere on the stack), as shares of
 * the busy time (idle samples left out).
 *
 *   npx tsx bff/bench/cpuprofile-summary.ts FILE.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
};

type Frame = CpuProfile['nodes'][number]['callFrame'];

const ROOT = pathToFileURL(`${process.cwd()}/`).href;

/** Where a frame's code lives: a package, a Node internal module, a file of this project, or V8. */
export function fileOf(frame: Frame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]}`;
  return url.startsWith(ROOT) ? url.slice(ROOT.length) : url;
}

/** The package (or Node, or this project's folder) a file belongs to. */
export function packageOf(file: string): string {
  if (file.startsWith('node:internal/')) return file.split('/').slice(0, 2).join('/');
  if (file.startsWith('(')) return file;
  const parts = file.split('/');
  if (file.startsWith('bff/')) return parts.slice(0, Math.min(3, parts.length - 1)).join('/') || file;
  return file.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? file);
}

function functionOf(frame: Frame): string {
  const name = frame.functionName || '(anonymous)';
  const file = fileOf(frame);
  return file === name ? name : `${name} ${file}:${frame.lineNumber + 1}`;
}

const isNative = (frame: Frame) => !frame.url && !frame.functionName.startsWith('(');

export type Summary = {
  busyMs: number;
  idleMs: number;
  self: Map<string, number>;
  total: Map<string, number>;
  selfByFile: Map<string, number>;
  selfByPackage: Map<string, number>;
};

export function summarise(profile: CpuProfile): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i + 1] is the time until the next sample: the time sample i stood for.
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0));
  });
  const s: Summary = {
    busyMs: 0,
    idleMs: 0,
    self: new Map(),
    total: new Map(),
    selfByFile: new Map(),
    selfByPackage: new Map(),
  };
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  const onStack = new Map<string, number>();
  /** A native function (a C++ binding, a builtin) is named with the JavaScript that called it. */
  const walk = (id: number, caller: string): void => {
    const node = byId.get(id);
    if (!node) return;
    const native = isNative(node.callFrame);
    const fn = native
      ? `${node.callFrame.functionName || '(anonymous)'} (native) <- ${caller}`
      : functionOf(node.callFrame);
    onStack.set(fn, (onStack.get(fn) ?? 0) + 1);
    const ms = (selfUs.get(id) ?? 0) / 1000;
    if (node.callFrame.functionName === '(idle)') s.idleMs += ms;
    else if (ms > 0) {
      s.busyMs += ms;
      add(s.self, fn, ms);
      const file = fileOf(node.callFrame);
      add(s.selfByFile, file, ms);
      add(s.selfByPackage, packageOf(file), ms);
      for (const f of onStack.keys()) add(s.total, f, ms);
    }
    for (const child of node.children ?? []) walk(child, native ? caller : fn);
    const n = (onStack.get(fn) ?? 1) - 1;
    if (n === 0) onStack.delete(fn);
    else onStack.set(fn, n);
  };
  walk(profile.nodes[0]!.id, '(root)');
  return s;
}

export function formatSummary(s: Summary, top = 25, label = ''): string {
  const table = (title: string, m: Map<string, number>, n: number) => {
    const rows = [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
    return [
      `-- ${title}`,
      ...rows.map(
        ([k, ms]) =>
          `${((ms / s.busyMs) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${k}`,
      ),
    ].join('\n');
  };
  return [
    `== ${label} busy ${s.busyMs.toFixed(0)} ms, idle ${s.idleMs.toFixed(0)} ms (shares are of busy time)`,
    table('self time by package', s.selfByPackage, 15),
    table('self time by file', s.selfByFile, top),
    table('self time by function', s.self, top),
    table('total time by function (anywhere on the stack)', s.total, top),
    table(
      "total time by this project's functions",
      new Map([...s.total].filter(([k]) => / bff\//.test(k) && !k.includes(' (native) <- '))),
      top,
    ),
  ].join('\n');
}

/** One profile's busy time spread over its requests, scaled to the thread's measured CPU per request. */
export type PerRequest = { summary: Summary; cpuMsPerRequest: number };

/**
 * What one proxy spends per request beyond another (the floor), grouped by package, file or
 * function: each profile's shares times its measured CPU per request, in microseconds, the largest
 * differences first. Profile time is wall time on a busy machine; its shares, not its sums, are used.
 */
export function formatBeyond(
  subject: PerRequest,
  floor: PerRequest,
  key: 'selfByPackage' | 'selfByFile' | 'self',
  top = 20,
): string {
  const us = (p: PerRequest, k: string) =>
    ((p.summary[key].get(k) ?? 0) / p.summary.busyMs) * p.cpuMsPerRequest * 1000;
  const keys = new Set([...subject.summary[key].keys(), ...floor.summary[key].keys()]);
  const rows = [...keys]
    .map((k) => ({ k, a: us(subject, k), b: us(floor, k) }))
    .sort((x, y) => y.a - y.b - (x.a - x.b))
    .slice(0, top);
  const total = (subject.cpuMsPerRequest - floor.cpuMsPerRequest) * 1000;
  return [
    `-- beyond the floor by ${key === 'self' ? 'function' : key === 'selfByFile' ? 'file' : 'package'}: ` +
      `${total.toFixed(0)} us per request in all (us per request: this, the floor, the difference)`,
    ...rows.map(
      ({ k, a, b }) =>
        `${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(7)} ${(a - b >= 0 ? '+' : '') + (a - b).toFixed(1).padStart(6)}  ${k}`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx bff/bench/cpuprofile-summary.ts FILE.cpuprofile [top]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(formatSummary(summarise(profile), Number(process.argv[3] ?? 25), file));
}
