import type { FormConfig } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmptyFor } from '../form/shape';
import { formConfigArb, formDataArb } from '../testing/form';
import { accessContextArb } from '../testing/model';
import { type AccessContext, accessOf } from './access';
import { ModelCache } from './cache';
import { buildFormModel } from './model';

/** A random form, a random context over it and data that fits it. */
const caseArb = formConfigArb().chain((config) => {
  const model = buildFormModel(config);
  return fc.record({
    config: fc.constant(config),
    ctx: accessContextArb(model.compiled),
    data: formDataArb(model.compiled),
  });
});

/** What the server receives: the config and the node's operates as JSON text, the grants as a list. */
function asServerSees(config: FormConfig, ctx: AccessContext) {
  const model = buildFormModel(JSON.parse(JSON.stringify(config)));
  const serverCtx: AccessContext = {
    ...JSON.parse(JSON.stringify({ platform: ctx.platform, operates: ctx.operates, readonly: ctx.readonly })),
    grants: ctx.grants ? new Set([...ctx.grants]) : null,
  };
  return { model, ctx: serverCtx };
}

describe('form model (property)', () => {
  it('browser validate === server validate, on random forms, layers and data (also emptied)', () => {
    fc.assert(
      fc.property(caseArb, fc.boolean(), ({ config, ctx, data }, emptied) => {
        const browser = buildFormModel(config);
        const server = asServerSees(config, ctx);
        const input = emptied ? Object.fromEntries(Object.keys(data).map((k) => [k, null])) : data;
        for (const mode of ['submit', 'save'] as const)
          expect(server.model.validate(input, server.ctx, { mode })).toEqual(
            browser.validate(input, ctx, { mode }),
          );
      }),
      { numRuns: 150 },
    );
  });

  it('project() never returns a field the context may not read', () => {
    fc.assert(
      fc.property(caseArb, ({ config, ctx, data }) => {
        const m = buildFormModel(config);
        const access = m.access(ctx);
        const out = m.project(data, access);
        for (const f of m.compiled.fields) {
          const readable = access.get(f.path)!.readable;
          if (!f.table) {
            expect(f.vModel in out).toBe(readable && f.vModel in data);
            continue;
          }
          for (const row of (out[f.table] as Array<Record<string, unknown>> | undefined) ?? [])
            if (!readable) expect(f.vModel in row).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('only visible fields are checked, and every visible, writable, required empty field is refused', () => {
    fc.assert(
      fc.property(caseArb, ({ config, ctx }) => {
        const m = buildFormModel(config);
        const access = m.access(ctx);
        const empty = Object.fromEntries(
          m.compiled.fields.filter((f) => !f.table).map((f) => [f.vModel, null]),
        );
        const r = m.validate(empty, access);
        const failed = new Set(r.errors.map((e) => e.field));
        for (const f of m.compiled.fields) {
          if (f.table) continue;
          const a = access.get(f.path)!;
          if (!a.visible) expect(failed.has(f.path)).toBe(false);
          if (a.required && f.key !== 'table' && isEmptyFor(f.shape, null))
            expect(failed.has(f.path)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pickWritable never takes a value the context may not write', () => {
    fc.assert(
      fc.property(caseArb, caseArb, ({ config, ctx, data }, other) => {
        const m = buildFormModel(config);
        const access = m.access(ctx);
        const hostile = { ...other.data, ...data, injected: 'x' };
        const previous = Object.fromEntries(Object.keys(data).map((k) => [k, `old-${k}`]));
        const out = m.pickWritable(hostile, previous, access);
        expect('injected' in out).toBe(false);
        for (const f of m.compiled.fields) {
          if (f.table || f.key === 'table') continue;
          if (!access.get(f.path)!.writable) expect(out[f.vModel]).toEqual(previous[f.vModel]);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('layers', () => {
  const config = {
    fields: [
      { __config__: { jnpfKey: 'comInput', label: '标题', required: true }, __vModel__: 'title' },
      { __config__: { jnpfKey: 'numInput', label: '薪资' }, __vModel__: 'salary' },
      {
        __config__: { jnpfKey: 'comInput', label: '手机', visibility: ['app'], required: true },
        __vModel__: 'phone',
      },
      {
        __config__: { jnpfKey: 'calculate', label: '合计' },
        __vModel__: 'total',
        expression: ['salary', '*', '2'],
      },
      {
        __config__: {
          jnpfKey: 'table',
          label: '明细',
          children: [
            { __config__: { jnpfKey: 'numInput', label: '单价' }, __vModel__: 'price' },
            { __config__: { jnpfKey: 'comInput', label: '成本' }, __vModel__: 'cost' },
          ],
        },
        __vModel__: 'lines',
      },
    ],
  };
  const m = buildFormModel(config);

  it('base <- platform <- formOperates <- grants <- scripts', () => {
    const a = m.access({
      platform: 'pc',
      operates: [
        { id: 'salary', read: false, write: false },
        { id: 'title', read: true, write: true, required: false },
        { id: 'lines-cost', read: false, write: false },
      ],
      grants: new Set(['title', 'salary', 'lines', 'total']),
      scripts: (p) => (p === 'title' ? { required: true } : undefined),
    });
    expect(a.get('title')).toEqual({ readable: true, visible: true, writable: true, required: true });
    expect(a.get('salary')).toEqual({ readable: false, visible: false, writable: false, required: false });
    expect(a.get('phone')).toEqual({ readable: false, visible: false, writable: false, required: false });
    expect(a.get('total')).toEqual({ readable: true, visible: true, writable: false, required: false });
    expect(a.get('lines.price')!.readable).toBe(true);
    expect(a.get('lines.cost')!.readable).toBe(false);
    const data = {
      title: 't',
      salary: 9000,
      phone: '1',
      total: 18000,
      lines: [{ price: 1, cost: 2 }],
      id: 'r1',
    };
    expect(m.project(data, a)).toEqual({ title: 't', total: 18000, lines: [{ price: 1 }], id: 'r1' });
  });

  it('a read-only context writes nothing; a platform hides without hiding the data', () => {
    const a = m.access({ readonly: true, platform: 'pc' });
    expect([...a.values()].some((x) => x.writable)).toBe(false);
    expect(a.get('phone')).toEqual({ readable: true, visible: false, writable: false, required: false });
    expect(m.validate({ title: 'x' }, m.access({ platform: 'pc' })).ok).toBe(true);
    expect(m.validate({ title: 'x' }, m.access({ platform: 'app' })).errors.map((e) => e.field)).toEqual([
      'phone',
    ]);
  });

  it('accessOf is pure and the same for the same context', () => {
    expect([...accessOf(m.compiled, { platform: 'app' })]).toEqual([...m.access({ platform: 'app' })]);
  });
});

describe('ModelCache', () => {
  it('is bounded (least recently used goes first) and evicts every version of a form', () => {
    const c = new ModelCache<string>(3);
    let builds = 0;
    const get = (id: string, v: number) => c.get(id, v, () => `${id}@${v}#${++builds}`);
    get('a', 1);
    get('b', 1);
    get('a', 2);
    expect(get('a', 1)).toBe('a@1#1'); // a hit refreshes it
    get('c', 1); // evicts b@1, the least recently used
    expect(c.size).toBe(3);
    expect(get('b', 1)).toBe('b@1#5');
    c.evict('a');
    expect(c.size).toBe(2);
    expect(get('a', 2)).toBe('a@2#6');
  });
});
