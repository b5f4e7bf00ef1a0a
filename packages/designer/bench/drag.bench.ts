// Bench: time per drag-move (hover) event of the form designer canvas, 300 fields against 10 fields, in one
// run. The hover path must stay O(1) per event: the drop target reads only its own box, the hover store
// notifies only the previously and newly hovered field, and field components are memoised.
// Run from the repository root: node --import tsx packages/designer/bench/drag.bench.ts
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://127.0.0.1/',
});
const g = globalThis as unknown as Record<string, unknown>;
const w = dom.window as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in g) continue;
  try {
    g[key] = w[key];
  } catch {
    /* read-only global */
  }
}
g.window = dom.window;
g.document = dom.window.document;
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
// production React, as a host ships it (development checks would dominate the figure)
process.env.NODE_ENV = 'production';
(dom.window as unknown as { matchMedia: unknown }).matchMedia = () => ({
  matches: false,
  media: '',
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
});
g.matchMedia = (dom.window as unknown as { matchMedia: unknown }).matchMedia;
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
g.ResizeObserver = RO;
(dom.window as unknown as { ResizeObserver: unknown }).ResizeObserver = RO;

const React = await import('react');

/** Runs `fn`, then lets the hover store's microtask and React's sync flush (a microtask too) run. */
async function settle(fn: () => void): Promise<void> {
  fn();
  for (let i = 0; i < 4; i++) await Promise.resolve();
}
const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));
const { createRoot } = await import('react-dom/client');
const { DndProvider } = await import('react-dnd');
const { FormDesigner } = await import('../src/form/FormDesigner');
const { FormDesignerStore } = await import('../src/form/store');

type Manager = {
  getActions(): {
    beginDrag(ids: string[], o: unknown): void;
    hover(ids: string[], o: { clientOffset: { x: number; y: number } }): void;
    endDrag(): void;
  };
};

interface Harness {
  manager: Manager;
  sources: Map<Element, string>;
  targets: Map<Element, string>;
  container: HTMLElement;
  fieldTargets: string[];
  rootTarget: string;
}

// react-dnd keeps one drag-drop manager per page (a singleton context), so one headless backend serves both
// canvases: it records which DOM node belongs to which handler id.
const sources = new Map<Element, string>();
const targets = new Map<Element, string>();
let manager: Manager | null = null;
const backend = (m: Manager) => {
  manager = m;
  return {
    setup() {},
    teardown() {},
    profile: () => ({}),
    connectDragSource(id: string, node?: Element) {
      if (node) sources.set(node, id);
      return () => {};
    },
    connectDragPreview: () => () => {},
    connectDropTarget(id: string, node?: Element) {
      if (node) targets.set(node, id);
      return () => {};
    },
  };
};

async function mount(n: number): Promise<Harness> {
  const h = { sources, targets } as Harness;
  const store = new FormDesignerStore();
  for (let i = 0; i < n; i++) store.addField(i % 3 === 0 ? 'numInput' : 'comInput');
  h.container = document.createElement('div');
  document.body.appendChild(h.container);
  const root = createRoot(h.container);
  await settle(() => {
    root.render(
      React.createElement(
        DndProvider,
        { backend: backend as never },
        React.createElement(FormDesigner, { store, noDndProvider: true }),
      ),
    );
  });
  for (
    let i = 0;
    i < 500 &&
    h.container.querySelectorAll('[data-holder="root"] > .kp-chunk > [data-testid^="field-"]').length < n;
    i++
  )
    await macrotask();
  h.manager = manager!;
  const idOf = (map: Map<Element, string>, el: Element | null) => {
    if (!el) throw new Error('element not found');
    const id = map.get(el);
    if (!id) throw new Error('no handler for element');
    return id;
  };
  h.rootTarget = idOf(h.targets, h.container.querySelector('[data-holder="root"]'));
  h.fieldTargets = [
    ...h.container.querySelectorAll('[data-holder="root"] > .kp-chunk > [data-testid^="field-"]'),
  ].map((el) => idOf(h.targets, el));
  if (h.fieldTargets.length !== n) throw new Error(`expected ${n} fields, found ${h.fieldTargets.length}`);
  return h;
}

async function beginDrag(h: Harness) {
  const source = sources.get(h.container.querySelector('[data-testid="palette-comInput"]')!)!;
  await settle(() => {
    h.manager
      .getActions()
      .beginDrag([source], { clientOffset: { x: 0, y: 0 }, getSourceClientOffset: () => ({ x: 0, y: 0 }) });
  });
}

let tick = 0;
/** Mean time per hover event over `events` events, moving across fields and flipping before/after. */
async function run(h: Harness, events: number): Promise<number> {
  const actions = h.manager.getActions();
  const t0 = performance.now();
  for (let i = 0; i < events; i++) {
    tick++;
    const target = h.fieldTargets[(tick * 7) % h.fieldTargets.length]!;
    const y = tick % 2 ? -1 : 1; // jsdom boxes are empty: y < 0 is 'before', y >= 0 'after'
    // one event: react-dnd calls hover() on the list and the field, the hover store commits in a microtask,
    // React re-renders the components whose indicator changed
    await settle(() => {
      actions.hover([h.rootTarget, target], { clientOffset: { x: 10, y } });
    });
  }
  return ((performance.now() - t0) * 1000) / events;
}

const small = await mount(10);
const large = await mount(300);
await beginDrag(large);
// the indicator really moves: one field shows it after a hover
await run(large, 3);
const indicated = (h: Harness) =>
  h.container.querySelectorAll('[data-testid^="field-"][style*="inset"]').length;
// the indicator is committed inside each measured event (exactly one field shows it)
if (indicated(large) !== 1) throw new Error('hover indicator not rendered within the event');

// Stable under load from other processes (issue 21: 1.74, 1.31 and 1.02 in three runs before): a long
// warm-up of both canvases (JIT, React's caches), then ROUNDS short interleaved batches (which canvas goes
// first alternates) with a full garbage collection before each pair, so a collection caused by one canvas
// does not land in the other's batch; the figure is the median of the per-pair ratios (a burst of load
// hits both halves of a pair alike), and the times are medians too.
const gc = (() => {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return () => {};
  }
})();
const EVENTS = 60;
const ROUNDS = Number(process.env.BENCH_DRAG_ROUNDS ?? 41);
for (let i = 0; i < 3; i++) {
  await run(small, 200);
  await run(large, 200);
}
const a: number[] = [];
const b: number[] = [];
const pairRatios: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  gc();
  let x: number;
  let y: number;
  if (r % 2) {
    y = await run(large, EVENTS);
    x = await run(small, EVENTS);
  } else {
    x = await run(small, EVENTS);
    y = await run(large, EVENTS);
  }
  a.push(x);
  b.push(y);
  pairRatios.push(y / x);
}
if (indicated(large) !== 1) throw new Error('hover indicator lost');
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const ours = median(b);
const base = median(a);
const ratio = median(pairRatios);
const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))]!;
console.log(
  `BENCH ${JSON.stringify({
    id: 'designer.drag-move',
    title: `Form designer: time per drag-move event, 300-field canvas vs 10-field canvas (median of ${ROUNDS} interleaved pairs of ${EVENTS} events, GC between pairs; pair ratios p25 ${q(pairRatios, 0.25).toFixed(2)}, p75 ${q(pairRatios, 0.75).toFixed(2)})`,
    ours: { value: Number(ours.toFixed(1)), unit: 'µs/event (300 fields)' },
    baseline: { name: 'same canvas with 10 fields', value: Number(base.toFixed(1)), unit: 'µs/event' },
    ratio: Number(ratio.toFixed(2)),
    ratioMeaning: '300-field time / 10-field time, median of interleaved pairs (lower is better)',
    target: '<= 1.5',
    pass: ratio <= 1.5,
  })}`,
);
large.manager.getActions().endDrag();
process.exit(0);
