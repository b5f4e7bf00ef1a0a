// Facts a kind declares and every package asks (issue 37): read-only and editable, condition type, options.
import { describe, expect, it } from 'vitest';
import { compileForm } from '../form/compile';
import { conditionTypeOf, isEditableKind, kindOf, optionKeys, registeredKinds, staticOptions } from './kinds';
import { buildFormModel } from './model';

const field = (jnpfKey: string, extra: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label: jnpfKey },
  __vModel__: `${jnpfKey}1`,
  ...extra,
});

describe('kind facts', () => {
  it('a read-only kind is never editable; layout and display kinds are not read-only', () => {
    for (const k of registeredKinds()) if (k.readonly) expect(isEditableKind(k.key), k.key).toBe(false);
    expect(isEditableKind('comInput')).toBe(true);
    expect(isEditableKind('calculate')).toBe(false);
    expect(isEditableKind('hologram')).toBe(false);
  });

  it.each(['popupAttr', 'relationFormAttr'])(
    '%s: nobody types it (not editable) but the server keeps the stored value the browser sent (not readonly)',
    (key) => {
      expect(kindOf(key)?.readonly).toBe(false);
      expect(kindOf(key)?.attribute).toBe(true);
      expect(isEditableKind(key)).toBe(false);
      const model = buildFormModel({
        fields: [
          field('popupSelect', { __vModel__: 'customer' }),
          field(key, { __vModel__: 'phone', isStorage: 1, relationField: 'customer', showField: 'tel' }),
          field('createTime', { __vModel__: 'created' }),
        ],
      });
      expect(model.ok).toBe(true);
      const kept = model.pickWritable({ customer: 'c1', phone: '555-0101', created: '2020-01-01' }, null);
      // the attribute's stored value passes; the server-owned system field does not
      expect(kept).toEqual({ customer: 'c1', phone: '555-0101' });
    },
  );

  it('flow conditions compare by the kind: number, date, list, else text (a list when multiple)', () => {
    expect(conditionTypeOf(field('numInput'))).toBe('number');
    expect(conditionTypeOf(field('rate'))).toBe('number');
    expect(conditionTypeOf(field('createTime'))).toBe('date');
    expect(conditionTypeOf(field('checkbox'))).toBe('list');
    expect(conditionTypeOf(field('usersSelect', { multiple: false }))).toBe('list');
    expect(conditionTypeOf(field('select'))).toBe('text');
    expect(conditionTypeOf(field('select', { multiple: true }))).toBe('list');
    expect(conditionTypeOf(field('comInput'))).toBe('text');
    expect(conditionTypeOf({ __config__: { jnpfKey: 'hologram' } })).toBe('text');
  });

  it('options: a flat list for radio, checkbox and select, a tree for cascader and tree select, none elsewhere', () => {
    const withOptions = registeredKinds()
      .filter((k) => k.options)
      .map((k) => `${k.key}:${k.options}`)
      .sort();
    expect(withOptions).toEqual([
      'cascader:tree',
      'checkbox:flat',
      'radio:flat',
      'select:flat',
      'treeSelect:tree',
    ]);
  });

  it('a required user picker says 请选择 (picks users), other pickers and system user fields do not', () => {
    const compiled = compileForm({
      fields: [
        field('userSelect', { __config__: { jnpfKey: 'userSelect', label: '审批人', required: true } }),
        field('usersSelect', { __config__: { jnpfKey: 'usersSelect', label: '抄送', required: true } }),
        field('depSelect', { __config__: { jnpfKey: 'depSelect', label: '部门', required: true } }),
      ],
    } as never);
    const message = (vModel: string) =>
      compiled.fields.find((f) => f.vModel === vModel)?.rules.find((r) => r.required)?.message;
    expect(message('userSelect1')).toBe('请选择审批人');
    expect(message('usersSelect1')).toBe('请选择抄送');
    expect(message('depSelect1')).not.toBe('请选择部门');
  });

  describe('one option key rule (was three copies: engine, server, renderer)', () => {
    it('falls back to fullName / id / children', () => {
      expect(optionKeys(field('select'))).toEqual({ label: 'fullName', value: 'id', children: 'children' });
      expect(optionKeys(null)).toEqual({ label: 'fullName', value: 'id', children: 'children' });
    });

    it('a dictionary is read by enCode (the engine said id, the server and renderer enCode)', () => {
      expect(optionKeys(field('dicSelect')).value).toBe('enCode');
      const fromDictionary = field('select', { __config__: { jnpfKey: 'select', dataType: 'dictionary' } });
      expect(optionKeys(fromDictionary).value).toBe('enCode');
      const stored = field('dicSelect', {
        options: [
          { id: 'i1', enCode: 'male', fullName: '男' },
          { id: 'i2', enCode: 'female', fullName: '女' },
        ],
      });
      expect(staticOptions(stored as never)).toEqual([
        ['male', '男'],
        ['female', '女'],
      ]);
      expect(kindOf('dicSelect')?.display('female', stored as never)).toBe('女');
    });

    it('reads the older props.props (the renderer ignored it) and a children key (the renderer always said children)', () => {
      const older = field('cascader', {
        props: { props: { label: 'name', value: 'code', children: 'nodes' } },
      });
      expect(optionKeys(older)).toEqual({ label: 'name', value: 'code', children: 'nodes' });
      const tree = { ...older, options: [{ code: 'a', name: 'A', nodes: [{ code: 'a1', name: 'A1' }] }] };
      expect(staticOptions(tree as never)).toEqual([
        ['a', 'A'],
        ['a1', 'A1'],
      ]);
    });

    it('__config__.props wins over props.props; an empty key is no key (the designer read it with ||)', () => {
      const both = field('select', {
        __config__: { jnpfKey: 'select', props: { label: '', value: 'v' } },
        props: { props: { label: 'ignored', value: 'ignored' } },
      });
      expect(optionKeys(both)).toEqual({ label: 'fullName', value: 'v', children: 'children' });
    });
  });
});
