import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { FormStore } from './formStore';

describe('FormStore', () => {
  it('notifies only the listeners of the changed key and keeps untouched values by identity', () => {
    const s = new FormStore({ a: 1, b: { deep: true } });
    const a = vi.fn();
    const b = vi.fn();
    s.subscribe('a', a);
    s.subscribe('b', b);
    const before = s.getData();
    s.setValue('a', 2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(s.getData()).not.toBe(before);
    expect(s.getData().b).toBe(before.b);
    s.setValue('a', 2);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('routes cell errors to the table key and clears them', () => {
    const s = new FormStore({ t: [{ x: 1 }] }, ['t']);
    const t = vi.fn();
    s.subscribe('t', t);
    s.setErrors({ 't.0.x': '不能为空', a: 'x' });
    expect(t).toHaveBeenCalledTimes(1);
    expect(s.getError('t.0.x')).toBe('不能为空');
    s.setErrors({ a: 'x' });
    expect(t).toHaveBeenCalledTimes(2);
    expect(s.getError('t.0.x')).toBeUndefined();
  });

  it('keeps row keys aligned with rows under any sequence of edits (model check)', () => {
    type Op =
      | { kind: 'add' }
      | { kind: 'remove'; at: number }
      | { kind: 'set'; at: number; v: number }
      | { kind: 'replace'; n: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.constant({ kind: 'add' } as Op),
      fc.nat(20).map((at) => ({ kind: 'remove', at }) as Op),
      fc.tuple(fc.nat(20), fc.integer()).map(([at, v]) => ({ kind: 'set', at, v }) as Op),
      fc.nat(5).map((n) => ({ kind: 'replace', n }) as Op),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const s = new FormStore({ t: [] }, ['t']);
        let model: { v: number | null }[] = [];
        for (const o of ops) {
          if (o.kind === 'add') {
            s.addRow('t', { v: null });
            model = [...model, { v: null }];
          } else if (o.kind === 'remove' && model.length) {
            const i = o.at % model.length;
            s.removeRow('t', i);
            model = model.filter((_, j) => j !== i);
          } else if (o.kind === 'set' && model.length) {
            const i = o.at % model.length;
            s.setCell('t', i, 'v', o.v);
            model = model.map((r, j) => (j === i ? { v: o.v } : r));
          } else if (o.kind === 'replace') {
            model = Array.from({ length: o.n }, (_, i) => ({ v: i }));
            s.setData({ t: model });
          }
          const keys = s.getRowKeys('t');
          expect(keys).toHaveLength(model.length);
          expect(new Set(keys).size).toBe(keys.length);
          expect(s.getRows('t')).toEqual(model);
        }
      }),
    );
  });
});
