// The scripts layer (issue 18): a form declares in `scriptEffects` the fields its scripts may hide, disable or
// make optional. A running script (the browser) relaxes those only; where no script runs (the server) they
// are not required, so the server never requires a field a script may have relaxed.
import { describe, expect, it } from 'vitest';
import type { ScriptOverride } from './access';
import { buildFormModel } from './model';

const config = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '标题', required: true }, __vModel__: 'title' },
    { __config__: { jnpfKey: 'comInput', label: '事由', required: true }, __vModel__: 'reason' },
    { __config__: { jnpfKey: 'comInput', label: '备注' }, __vModel__: 'note' },
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        required: true,
        children: [
          { __config__: { jnpfKey: 'numInput', label: '单价', required: true }, __vModel__: 'price' },
        ],
      },
      __vModel__: 'lines',
    },
  ],
  scriptEffects: { onLoad: ['reason'], 'change:title': ['lines'] },
};
const m = buildFormModel(config);
const run = (overrides: Record<string, ScriptOverride>) => (p: string) =>
  overrides[p.slice(p.indexOf('.') + 1)];

describe('scripts layer (scriptEffects)', () => {
  it('marks the declared fields, a sub-table with its columns; an unknown name is an issue', () => {
    const relaxable = m.compiled.fields.filter((f) => f.scriptRelaxable).map((f) => f.path);
    expect(relaxable).toEqual(['reason', 'lines', 'lines.price']);
    expect(m.errors).toEqual([]);
    const bad = buildFormModel({ ...config, scriptEffects: { onLoad: ['reason', 'nope'] } });
    expect(bad.errors).toMatchObject([
      { code: 'unknownScriptField', path: 'scriptEffects.onLoad[1]', subject: 'nope' },
    ]);
    expect(
      buildFormModel({ ...config, scriptEffects: { onLoad: ['lines-price'] } }).compiled.byPath.get(
        'lines.price',
      )?.scriptRelaxable,
    ).toBe(true);
  });

  it('the server (no script runs) does not require a declared field, and still requires the rest', () => {
    const r = m.validate({ title: '', reason: '', lines: [{ price: null }] }, m.access({ platform: 'pc' }));
    expect(r.errors.map((e) => e.path)).toEqual(['title']);
  });

  it('a running script relaxes a required field or a sub-table only when declared; it may show or require any', () => {
    const a = m.access({
      platform: 'pc',
      scripts: run({
        title: { hidden: true, disabled: true, required: false },
        reason: { required: false },
        note: { required: true },
      }),
    });
    // undeclared and required: the script's hide, disable and optional are ignored
    expect(a.get('title')).toEqual({ readable: true, visible: true, writable: true, required: true });
    // undeclared and optional: hidden and disabled as the script says (nothing to require)
    const note = m.access({ platform: 'pc', scripts: run({ note: { hidden: true, disabled: true } }) });
    expect(note.get('note')).toEqual({ readable: true, visible: false, writable: false, required: false });
    expect(a.get('reason')!.required).toBe(false);
    expect(a.get('note')!.required).toBe(true);
    // a declared field the script left alone stays as the config says
    const idle = m.access({ platform: 'pc', scripts: run({}) });
    expect(idle.get('reason')!.required).toBe(true);
    const hidden = m.access({ platform: 'pc', scripts: run({ lines: { hidden: true } }) });
    expect(hidden.get('lines')!.visible).toBe(false);
    expect(hidden.get('lines.price')!.visible).toBe(false);
  });
});
