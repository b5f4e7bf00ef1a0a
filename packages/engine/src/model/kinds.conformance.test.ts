// The kind conformance suite: every registered kind runs the same contract (rjsf's snapshot-tests shape).
import { type FieldConfig, JNPF_KEYS } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldValueArb } from '../testing/form';
import { defineKind, kindBase, registeredKinds, registerKind } from '.';
import { buildFormModel } from './model';

const OPTIONS = [
  { fullName: '选项一', id: '1' },
  { fullName: '选项二', id: '2' },
];

/** A minimal valid config of a kind, labelled so messages can be checked for the field's name. */
function fieldOf(key: string): FieldConfig {
  const config: Record<string, unknown> = { jnpfKey: key, label: `字段${key}`, required: true };
  const f: Record<string, unknown> = { __config__: config, __vModel__: 'f1' };
  if (['radio', 'checkbox', 'select', 'cascader', 'treeSelect'].includes(key)) {
    config.props = { label: 'fullName', value: 'id' };
    f.__slot__ = { options: OPTIONS };
  }
  if (key === 'relationFormAttr' || key === 'popupAttr') f.isStorage = 1;
  if (key === 'table')
    config.children = [{ __config__: { jnpfKey: 'comInput', label: '列' }, __vModel__: 'c1' }];
  if (['row', 'card'].includes(key)) config.children = [];
  if (['tab', 'collapse'].includes(key))
    config.children = [{ title: '1', name: '1', __config__: { children: [] } }];
  if (key === 'calculate') f.expression = ['1', '+', '2'];
  return f as unknown as FieldConfig;
}

describe('kind registry', () => {
  it('has one module for every jnpfKey of the schema', () => {
    expect(
      registeredKinds()
        .map((k) => k.key)
        .sort(),
    ).toEqual([...JNPF_KEYS].sort());
  });

  it('an unknown kind is an error naming the field, not a crash', () => {
    const m = buildFormModel({
      fields: [
        { __config__: { jnpfKey: 'hologram', label: '全息' }, __vModel__: 'holo' },
        { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
        'junk',
        { __vModel__: 'noConfig' },
      ],
    });
    expect(m.ok).toBe(false);
    expect(m.errors).toContainEqual({
      code: 'unknownKind',
      path: 'fields[0].__config__.jnpfKey',
      message: 'field "holo": unknown kind "hologram"',
      field: { path: 'holo', label: '全息' },
      subject: 'hologram',
    });
    expect(m.errors).toContainEqual({
      code: 'malformed',
      path: 'fields[2]',
      message: 'is not a field config object',
    });
    expect(m.errors).toContainEqual({
      code: 'malformed',
      path: 'fields[3]',
      message: 'has no __config__ object',
    });
    expect(m.compiled.fields.map((f) => f.vModel)).toEqual(['title']);
    expect(m.validate({ title: 'x', holo: 1 }).ok).toBe(true);
  });

  it('a config that is not an object gives an empty model with an error', () => {
    for (const bad of [null, 42, 'x', [], { fields: 'nope' }]) {
      const m = buildFormModel(bad);
      expect(m.ok).toBe(false);
      expect(m.errors.length).toBeGreaterThan(0);
      expect(m.compiled.fields).toEqual([]);
    }
  });

  it('a host can register a kind of its own and the model uses it', () => {
    registerKind(defineKind({ ...kindBase.number, key: 'kpTestScore', defaultValue: () => 60 }));
    const m = buildFormModel({
      fields: [{ __config__: { jnpfKey: 'kpTestScore', label: '分数' }, __vModel__: 's' }],
    });
    expect(m.ok).toBe(true);
    expect(m.compiled.defaults).toEqual({ s: 60 });
    expect(m.validate({ s: 'abc' }).errors[0]?.message).toBe('分数格式不正确');
  });
});

describe.each(JNPF_KEYS.map((k) => [k]))('kind %s', (key) => {
  const kind = registeredKinds().find((k) => k.key === key)!;
  const field = fieldOf(key);
  const model = buildFormModel({ fields: [field] });

  it('compiles without errors', () => {
    expect(model.errors).toEqual([]);
  });

  if (kind.role !== 'data' && key !== 'table') {
    it('holds no data', () => {
      expect(model.compiled.fields).toEqual([]);
    });
    return;
  }
  const cf = model.compiled.fields.find((f) => f.vModel === 'f1')!;

  it('shows its default as text', () => {
    expect(cf).toBeDefined();
    expect(typeof kind.display(cf.defaultValue, field)).toBe('string');
    expect(typeof kind.exportCell(cf.defaultValue, field)).toBe('string');
  });

  it('round-trips a value through export and import', () => {
    if (key === 'table') return; // rows are exported to their own sheet, cell by cell
    fc.assert(
      fc.property(fieldValueArb(cf), (v) => {
        fc.pre(typeof v !== 'string' || v === v.trim());
        expect(kind.importCell(kind.exportCell(v, field), field)).toEqual(v);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a value of the wrong type with a message naming the field (a value the server assigns is dropped instead)', () => {
    if (cf.shape === 'any') return; // attribute fields store whatever the related record holds
    if (kind.readonly) {
      // nobody writes it: the input's value is not taken (the stored one stays), so it is not checked
      expect(model.pickWritable({ f1: { not: 'a value' } }, { f1: null })).toEqual({ f1: null });
      expect(model.validate({ f1: { not: 'a value' } }).ok).toBe(true);
      return;
    }
    const r = model.validate({ f1: { not: 'a value' } });
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ path: 'f1', field: 'f1', rule: 'type' });
    expect(r.errors[0]!.message).toContain(`字段${key}`);
  });

  it('a required empty value is refused naming the field, unless the server assigns it', () => {
    const r = model.validate({ f1: cf.shape === 'table' ? [] : null });
    // a sub-table's own required flag is not a rule: its cells carry the rules
    if (kind.readonly || key === 'table') expect(r.ok).toBe(true);
    else {
      expect(r.errors[0]?.rule).toBe('required');
      expect(r.errors[0]!.message).toContain(`字段${key}`);
    }
  });
});
