import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormDesignerStore } from './store';
import { locate, maxFormId } from './tree';

const root = (index = Number.POSITIVE_INFINITY) => ({ holderId: 'root' as const, index });

describe('FormDesignerStore', () => {
  it('assigns formId = ++idGlobal from 100 and clear resets idGlobal to 100', () => {
    const s = new FormDesignerStore();
    expect(s.getConfig().idGlobal).toBe(100);
    const a = s.addField('comInput');
    expect(a).toEqual({ ok: true, formId: 101 });
    s.addField('select');
    expect(s.getConfig().idGlobal).toBe(102);
    expect(s.getConfig().fields.map((f) => f.__config__.formId)).toEqual([101, 102]);
    expect(s.getConfig().fields[0]!.__vModel__).toBe('comInputField101');
    s.clear();
    expect(s.getConfig().fields).toEqual([]);
    expect(s.getConfig().idGlobal).toBe(100);
    expect(s.addField('comInput')).toEqual({ ok: true, formId: 101 });
  });

  it('duplicate gives new formIds to the copy and its children, right after the original', () => {
    const s = new FormDesignerStore();
    const row = s.addField('row') as { formId: number };
    s.addField('comInput', { holderId: row.formId, index: 0 });
    const before = s.getConfig().idGlobal;
    const d = s.duplicate(row.formId);
    expect(d.ok).toBe(true);
    const fields = s.getConfig().fields;
    expect(fields).toHaveLength(2);
    expect(fields[1]!.__config__.formId).toBe(before + 1);
    expect(fields[1]!.__config__.children![0]!.__config__.formId).toBe(before + 2);
    expect(fields[1]!.__config__.children![0]!.__vModel__).toBe(`comInputField${before + 2}`);
    expect(s.getConfig().idGlobal).toBe(before + 2);
  });

  it('undo and redo walk the history', () => {
    const s = new FormDesignerStore();
    s.addField('comInput');
    s.addField('textarea');
    expect(s.getConfig().fields).toHaveLength(2);
    s.undo();
    expect(s.getConfig().fields).toHaveLength(1);
    s.undo();
    expect(s.getConfig().fields).toHaveLength(0);
    expect(s.canUndo()).toBe(false);
    s.redo();
    s.redo();
    expect(s.getConfig().fields.map((f) => f.__config__.jnpfKey)).toEqual(['comInput', 'textarea']);
    s.undo();
    s.addField('select');
    expect(s.canRedo()).toBe(false);
  });

  it('refuses drops into a table that is not linked to a data table: 子表请先关联数据表', () => {
    const s = new FormDesignerStore();
    const t = s.addField('table') as { formId: number };
    expect(s.addField('comInput', { holderId: t.formId, index: 0 })).toEqual({
      ok: false,
      error: 'msg.subTableLink',
    });
    s.updateField(t.formId, (f) => {
      f.__config__.tableName = 'order_item';
    });
    const c = s.addField('comInput', { holderId: t.formId, index: 0 });
    expect(c.ok).toBe(true);
    const child = locate(s.getConfig().fields, (c as { formId: number }).formId)!.field;
    expect(child.__config__.isSubTable).toBe(true);
    expect(child.__config__.relationTable).toBe('order_item');
  });

  it('layout and table containers cannot go inside a table', () => {
    const s = new FormDesignerStore();
    const t = s.addField('table') as { formId: number };
    s.updateField(t.formId, (f) => {
      f.__config__.tableName = 'x';
    });
    for (const k of ['row', 'card', 'tab', 'collapse', 'table', 'groupTitle', 'divider'])
      expect(s.addField(k, { holderId: t.formId, index: 0 })).toEqual({ ok: false, error: 'msg.notInTable' });
    const row = s.addField('row') as { formId: number };
    expect(s.moveField(row.formId, { holderId: t.formId, index: 0 })).toEqual({
      ok: false,
      error: 'msg.notInTable',
    });
  });

  it('moving into a table links relationTable, moving out clears it; renaming the table relinks', () => {
    const s = new FormDesignerStore();
    const t = s.addField('table') as { formId: number };
    s.updateField(t.formId, (f) => {
      f.__config__.tableName = 'lines';
    });
    const a = s.addField('numInput') as { formId: number };
    s.moveField(a.formId, { holderId: t.formId, index: 0 });
    let f = locate(s.getConfig().fields, a.formId)!;
    expect(f.holder?.__config__.formId).toBe(t.formId);
    expect(f.field.__config__.relationTable).toBe('lines');
    s.updateField(t.formId, (x) => {
      x.__config__.tableName = 'lines2';
    });
    expect(locate(s.getConfig().fields, a.formId)!.field.__config__.relationTable).toBe('lines2');
    s.moveField(a.formId, root(0));
    f = locate(s.getConfig().fields, a.formId)!;
    expect(f.holder).toBeNull();
    expect(f.field.__config__.isSubTable).toBeUndefined();
    expect(f.field.__config__.relationTable).toBeUndefined();
  });

  it('a field cannot move into itself', () => {
    const s = new FormDesignerStore();
    const row = s.addField('row') as { formId: number };
    const inner = s.addField('card', { holderId: row.formId, index: 0 }) as { formId: number };
    expect(s.moveField(row.formId, { holderId: inner.formId, index: 0 }).ok).toBe(false);
  });

  it('refuses removing the last tab pane: 最后一项不能删除', () => {
    const s = new FormDesignerStore();
    const tab = s.addField('tab') as { formId: number };
    const pane = s.getConfig().fields[0]!.__config__.children![0]!;
    expect(s.removeField(pane.__config__.formId)).toEqual({ ok: false, error: 'msg.lastItem' });
    const added = s.addPane(tab.formId) as { formId: number };
    expect(s.getConfig().fields[0]!.__config__.children).toHaveLength(2);
    expect(s.removeField(added.formId).ok).toBe(true);
  });

  it('property: after any sequence of edits, formIds are unique and never exceed idGlobal', () => {
    const kinds = ['comInput', 'row', 'tab', 'table', 'select', 'card'];
    const op = fc.oneof(
      fc.record({ t: fc.constant('add'), k: fc.constantFrom(...kinds), into: fc.nat(20), i: fc.nat(5) }),
      fc.record({ t: fc.constant('dup'), n: fc.nat(20) }),
      fc.record({ t: fc.constant('del'), n: fc.nat(20) }),
      fc.record({ t: fc.constant('move'), n: fc.nat(20), into: fc.nat(20), i: fc.nat(5) }),
      fc.record({ t: fc.constant('undo') }),
      fc.record({ t: fc.constant('redo') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const s = new FormDesignerStore();
        const ids = () => {
          const out: number[] = [];
          const rec = (l: { __config__: { formId: number; children?: unknown[] } }[]) => {
            for (const f of l) {
              out.push(f.__config__.formId);
              rec((f.__config__.children ?? []) as never);
            }
          };
          rec(s.getConfig().fields as never);
          return out;
        };
        for (const o of ops) {
          const all = ids();
          const pick = (n: number) => all[n % Math.max(all.length, 1)];
          if (o.t === 'add')
            s.addField(o.k, { holderId: all.length && o.into % 3 ? pick(o.into)! : 'root', index: o.i });
          else if (o.t === 'dup' && all.length) s.duplicate(pick(o.n)!);
          else if (o.t === 'del' && all.length) s.removeField(pick(o.n)!);
          else if (o.t === 'move' && all.length)
            s.moveField(pick(o.n)!, { holderId: o.into % 3 ? pick(o.into)! : 'root', index: o.i });
          else if (o.t === 'undo') s.undo();
          else if (o.t === 'redo') s.redo();
          const now = ids();
          expect(new Set(now).size).toBe(now.length);
          expect(maxFormId(s.getConfig().fields)).toBeLessThanOrEqual(s.getConfig().idGlobal);
        }
      }),
      { numRuns: 150 },
    );
  });
});
