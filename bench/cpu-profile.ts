/**
 * Where the server's CPU went during one measured step of a capacity run (issue 26).
 *
 *   CAPACITY_CPU_PROFILE_DIR=/tmp/prof CAPACITY_MODES=embedded CAPACITY_STEPS=250 \
 *     CAPACITY_FAULTS=false node --import tsx bench/capacity.ts
 *   node --import tsx bench/cpu-profile.ts /tmp/prof/embedded [listeners]
 *
 * The instance ran with `--cpu-prof` (bench/lib/production-instance.ts); only the samples taken
 * inside the step's measured window count (bench/lib/profile-windows.ts), so start-up, the
 * learners being written and the ramp are left out. Printed: the CPU the samples cover, then self
 * time by component (a package of node_modules, a folder of the app, a part of Node, V8's garbage
 * collector), by function, and the time spent under each package and app function (inclusive,
 * synchronous stacks only: a continuation after an `await` starts a new stack). Each figure is
 * also divided by the requests the listeners sent in the window.
 */
import fs from 'node:fs';
import path from 'node:path';
import { requestKinds } from './lib/listener-model.ts';
import { readProfileWindows } from './lib/profile-windows.ts';
import { CPU_PROFILE_FILE } from './lib/production-instance.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = '(idle)';
/** V8's own pseudo-frames: kept as their own components. */
const PSEUDO = new Set(['(garbage collector)', '(program)', IDLE, '(root)']);

/** Which part of the process a frame belongs to. */
export function componentOf(frame: CallFrame): string | undefined {
  const { url, functionName } = frame;
  if (PSEUDO.has(functionName) && url === '') return `V8 ${functionName}`;
  if (url === '') return undefined; // a builtin: counted where it was called from
  if (url.startsWith('node:')) {
    const rest = url.slice('node:'.length).replace(/^internal\//, '');
    return `node:${rest.split('/')[0]!.replace(/\.js$/, '')}`;
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const dist = url.indexOf('/dist/');
  if (dist !== -1) {
    const file = url.slice(dist + '/dist/'.length);
    // server/modules/auth/x.js → app server/modules/auth
    return `app ${path.dirname(file)}`;
  }
  return url;
}

const where = (frame: CallFrame) => {
  const dist = frame.url.indexOf('/dist/');
  const modules = frame.url.lastIndexOf('/node_modules/');
  const file =
    dist !== -1
      ? frame.url.slice(dist + '/dist/'.length)
      : modules !== -1
        ? frame.url.slice(modules + '/node_modules/'.length)
        : frame.url;
  return `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
};

function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: bench/cpu-profile.ts <profile dir> [listeners]');
  const windows = readProfileWindows(dir);
  const wanted = process.argv[3] ? Number(process.argv[3]) : undefined;
  const window =
    wanted === undefined ? windows.at(-1) : windows.find((each) => each.listeners === wanted);
  if (!window) throw new Error(`no window of ${wanted ?? 'any'} listeners in ${dir}`);
  const profile = JSON.parse(
    fs.readFileSync(path.join(dir, CPU_PROFILE_FILE), 'utf8'),
  ) as CpuProfile;

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  // A sample lasts until the next one (as Chrome's DevTools counts it).
  const selfUs = new Map<number, number>();
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length - 1; index++) {
    time += profile.timeDeltas[index]!;
    const next = time + profile.timeDeltas[index + 1]!;
    if (time < window.fromUs || time >= window.toUs) continue;
    const id = profile.samples[index]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (next - time));
  }

  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      stack.push(byId.get(at)!);
    }
    return stack; // leaf first
  };
  const component = new Map<string, number>();
  const functions = new Map<string, number>();
  const underComponent = new Map<string, number>();
  const underFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) =>
    map.set(key, (map.get(key) ?? 0) + us);
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const stack = stackOf(id);
    const leaf = stack[0]!;
    if (leaf.callFrame.functionName === IDLE) {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const owner = stack.find((node) => componentOf(node.callFrame) !== undefined);
    const ownerComponent = owner ? componentOf(owner.callFrame)! : 'V8 builtins';
    add(component, ownerComponent, us);
    add(
      functions,
      `${where(leaf.callFrame)}${leaf === owner || !owner ? '' : `  ← ${where(owner.callFrame)}`}`,
      us,
    );
    const components = new Set<string>();
    const appFunctions = new Set<string>();
    for (const node of stack) {
      const name = componentOf(node.callFrame);
      if (name && !name.startsWith('V8 ')) components.add(name);
      if (name?.startsWith('app ')) appFunctions.add(where(node.callFrame));
    }
    for (const name of components) add(underComponent, name, us);
    for (const name of appFunctions) add(underFunction, name, us);
  }

  const seconds = (window.toUs - window.fromUs) / 1e6;
  const requests = requestKinds
    .filter((kind) => kind !== 'stream')
    .reduce((total, kind) => total + window.report.kinds[kind].count, 0);
  const listenerMinutes = (window.listeners * seconds) / 60;
  const row = (label: string, us: number) =>
    `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / busyUs).toFixed(1).padStart(5)} %` +
    ` ${(us / requests).toFixed(0).padStart(6)} µs/req ${(us / 1000 / listenerMinutes).toFixed(1).padStart(6)} ms/listener-min  ${label}`;
  const top = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [label, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(row(label, us));
    }
  };
  console.log(
    `${window.listeners} listeners, ${seconds.toFixed(1)} s window: ${(busyUs / 1000).toFixed(0)} ms of CPU sampled busy ` +
      `(${((busyUs / 1e6 / seconds) * 100).toFixed(0)} % of a core), ${(idleUs / 1000).toFixed(0)} ms idle; ` +
      `${requests} requests (${requestKinds
        .filter((kind) => kind !== 'stream')
        .map((kind) => `${kind} ${window.report.kinds[kind].count}`)
        .join(', ')}, streams open ${window.report.streamsOpen}): ` +
      `${(busyUs / requests).toFixed(0)} µs per request, ${(busyUs / 1000 / listenerMinutes).toFixed(1)} ms per listener-minute`,
  );
  top('Self time by component', component, 30);
  top('Self time by function (builtins: ← the frame that called them)', functions, 45);
  top('Under each component (inclusive, synchronous stacks)', underComponent, 30);
  top('Under each app function (inclusive, synchronous stacks)', underFunction, 40);
}

main();
