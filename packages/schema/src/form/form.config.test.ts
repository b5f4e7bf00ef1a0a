import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { data, input, show } from '../test/formFixtures';
import type { PickerTreeNode } from './entities';
import { CASES } from './form.test';
import { emptyFormConfig, jsonDepth, validateFieldConfig, validateFormConfig } from './formConfig';
import { JNPF_KEYS, type JnpfKey } from './keys';

describe('validateFormConfig', () => {
  it('accepts an empty form with the spec defaults', () => {
    const empty = emptyFormConfig();
    expect(empty).toMatchObject({ labelWidth: 100, gutter: 15, span: 24, idGlobal: 100 });
    expect(validateFormConfig(empty).ok).toBe(true);
  });

  it('paths read like fields[3].__config__.span, nested ones too', () => {
    const r = validateFormConfig({
      fields: [
        data('comInput', 'a'),
        data('comInput', 'b'),
        data('comInput', 'c'),
        data('comInput', 'd', {}, { span: 25 }),
        show('row', {}, { children: [data('numInput', 'e', { step: -1 })] }),
        show(
          'tab',
          {},
          {
            children: [
              {
                title: 't',
                name: '1',
                __config__: { children: [show('card', { shadow: 1 }, { children: [] })] },
              },
            ],
          },
        ),
      ],
      labelWidth: 'wide',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.errors.map((e) => e.path);
    expect(paths).toContain('fields[3].__config__.span');
    expect(paths).toContain('fields[4].__config__.children[0].step');
    expect(paths).toContain('fields[5].__config__.children[0].__config__.children[0].shadow');
    expect(paths).toContain('labelWidth');
    expect(r.errors.find((e) => e.path === 'fields[3].__config__.span')?.message).toBe('must be <= 24');
  });

  it('names unknown kinds and missing parts', () => {
    const r = validateFormConfig({ fields: [{ __config__: { jnpfKey: 'spinner' } }, { __vModel__: 'x' }] });
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['fields[0].__config__.jnpfKey', 'fields[1].__config__']),
    );
    expect(validateFormConfig({}).ok).toBe(false);
  });

  it('checks what JSON Schema cannot: unique __vModel__ per scope', () => {
    const r = validateFormConfig({
      fields: [
        data('comInput', 'a'),
        show('card', {}, { children: [data('numInput', 'a')] }),
        data(
          'table',
          't',
          {},
          { children: [data('numInput', 'a'), data('numInput', 'x'), data('numInput', 'x')] },
        ),
      ],
    });
    expect(r.ok ? [] : r.errors).toEqual([
      { path: 'fields[1].__config__.children[0].__vModel__', message: 'duplicate __vModel__ "a"' },
      {
        path: 'fields[2].__config__.children[2].__vModel__',
        message: 'duplicate __vModel__ "x" in table "t"',
      },
    ]);
  });

  it('refuses containers, tables and display kinds as table columns', () => {
    for (const key of ['row', 'card', 'table', 'tab', 'collapse', 'groupTitle', 'JNPFText']) {
      const inner =
        key === 'table'
          ? data('table', 'inner', {}, { children: [] })
          : (CASES[key as JnpfKey].valid as object);
      const r = validateFormConfig({ fields: [data('table', 't', {}, { children: [inner] })] });
      expect(r.ok ? [] : r.errors, key).toEqual([
        {
          path: 'fields[0].__config__.children[0].__config__.jnpfKey',
          message: `"${key}" cannot be a sub-table column`,
        },
      ]);
    }
  });

  it('checks formulas, summary fields, patterns and attribute links', () => {
    const r = validateFormConfig({
      fields: [
        data('numInput', 'n'),
        data('table', 't', { summaryField: ['p', 'zz'] }, { children: [data('numInput', 'p')] }),
        data('calculate', 'c', { expression: ['n', '+', 't.p', '*', 't.q', '-', '1.5', '+', 'ghost'] }),
        data('comInput', 's', {}, { regList: [{ pattern: '([a-z', message: 'bad' }] }),
        show('relationFormAttr', { relationField: 'n', showField: 'x' }),
        show('qrcode', { dataType: 'relation' }),
      ],
    });
    expect(r.ok ? [] : r.errors).toEqual([
      { path: 'fields[3].__config__.regList[0].pattern', message: 'is not a valid regular expression' },
      { path: 'fields[1].summaryField[1]', message: 'is not a column of this table' },
      { path: 'fields[2].expression[4]', message: 'refers to unknown field "t.q"' },
      { path: 'fields[2].expression[8]', message: 'refers to unknown field "ghost"' },
      { path: 'fields[4].relationField', message: 'must name a relationForm field' },
      { path: 'fields[5].relationField', message: 'is required when dataType is relation' },
    ]);
  });

  it('labels may be plain strings or {zh, zhtw, en}', () => {
    expect(
      validateFormConfig({
        fields: [data('comInput', 'a', {}, { label: { zh: '名称', zhtw: '名稱', en: 'Name' } })],
      }).ok,
    ).toBe(true);
    expect(validateFormConfig({ fields: [data('comInput', 'a', {}, { label: { fr: 'Nom' } })] }).ok).toBe(
      false,
    );
  });

  it('never throws on random JSON, random fields, deep nesting or cycles', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(typeof validateFormConfig(json).ok).toBe('boolean');
        expect(typeof validateFormConfig({ fields: [json] }).ok).toBe('boolean');
        expect(typeof validateFieldConfig(json).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.constantFrom(...JNPF_KEYS),
            extra: fc.dictionary(fc.string(), fc.jsonValue()),
          }),
        ),
        (items) => {
          const fields = items.map(({ key, extra }) => ({
            __config__: { jnpfKey: key, ...extra },
            ...extra,
          }));
          expect(typeof validateFormConfig({ fields }).ok).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
    let deep: unknown = input;
    for (let i = 0; i < 20_000; i++) deep = show('row', {}, { children: [deep] });
    const r = validateFormConfig({ fields: [deep] });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.errors[0]?.message).toMatch(/nested deeper/);
    const cyclic: Record<string, unknown> = { fields: [] };
    (cyclic.fields as unknown[]).push(cyclic);
    expect(validateFormConfig(cyclic).ok).toBe(false);
  }, 60_000);

  it('jsonDepth counts without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1] })).toBe(2);
  });
});

describe('field-level entities', () => {
  it('picker tree nodes nest; a dictionary option needs enCode and fullName', async () => {
    const { ajv } = await import('../validator-compile');
    const { DictionaryOption, PickerTreeNode, QrPayload, RegionNode } = await import('./entities');
    const node: PickerTreeNode = {
      id: '1',
      fullName: '总部',
      children: [{ id: '2', fullName: '研发', enabledMark: 0 }],
    };
    expect(ajv.validate(PickerTreeNode, node)).toBe(true);
    expect(ajv.validate(PickerTreeNode, { id: '1', fullName: 'x', children: [{ id: 2 }] })).toBe(false);
    expect(
      ajv.validate(RegionNode, {
        id: '11',
        fullName: '北京',
        children: [{ id: '1101', fullName: '东城', isLeaf: true }],
      }),
    ).toBe(true);
    expect(ajv.validate(DictionaryOption, { enCode: 'a' })).toBe(false);
    expect(ajv.validate(QrPayload, { t: 'flow', id: '1', mid: 'm', ftid: 'x', opt: 1 })).toBe(true);
  });
});
