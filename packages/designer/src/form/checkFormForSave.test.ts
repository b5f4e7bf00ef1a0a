import { describe, expect, it } from 'vitest';
import { checkFormForSave } from './checkFormForSave';
import { FormDesignerStore } from './store';

const msgs = (s: FormDesignerStore, opts = {}) => checkFormForSave(s.getConfig(), opts).map((p) => p.message);

describe('checkFormForSave', () => {
  it('an empty form: 表单不允许为空', () => {
    expect(msgs(new FormDesignerStore())).toEqual(['表单不允许为空']);
  });

  it('a plain form passes', () => {
    const s = new FormDesignerStore();
    s.addField('comInput');
    expect(msgs(s)).toEqual([]);
  });

  it('with a data table bound every data control needs a control field', () => {
    const s = new FormDesignerStore(undefined, { tablesBound: true });
    s.addField('comInput');
    s.addField('JNPFText');
    expect(msgs(s, { tablesBound: true })).toEqual(['请选择单行输入的控件字段']);
    s.updateField(101, (f) => {
      f.__vModel__ = 'title';
    });
    expect(msgs(s, { tablesBound: true })).toEqual([]);
  });

  it('bill component needs a template', () => {
    const s = new FormDesignerStore();
    s.addField('billRule');
    expect(msgs(s)).toEqual(['单据组件“选择模板”属性为必填项']);
  });

  it('relation form and popup select need their settings', () => {
    const s = new FormDesignerStore();
    s.addField('relationForm');
    s.addField('popupSelect');
    expect(msgs(s)).toEqual([
      '请设置关联表单的关联功能',
      '请设置关联表单的显示字段',
      '请设置弹窗选择的远端数据',
      '请设置弹窗选择的储存字段',
      '请设置弹窗选择的显示字段',
    ]);
    s.updateField(101, (f) => Object.assign(f, { modelId: 'm1', relationField: 'name' }));
    s.updateField(102, (f) =>
      Object.assign(f, { interfaceId: 'i', propsValue: 'id', relationField: 'name' }),
    );
    expect(msgs(s)).toEqual([]);
  });

  it('containers with no children: 您的<label>控件中没有组件', () => {
    const s = new FormDesignerStore();
    s.addField('table');
    s.addField('row');
    expect(msgs(s)).toEqual(['您的设计子表控件中没有组件', '您的栅格容器控件中没有组件']);
  });

  it('print button without template: 请选择打印模板', () => {
    const s = new FormDesignerStore();
    s.addField('comInput');
    s.updateForm((d) => {
      d.hasPrintBtn = true;
    });
    expect(msgs(s)).toEqual(['请选择打印模板']);
    s.updateForm((d) => {
      d.printId = 'p1';
    });
    expect(msgs(s)).toEqual([]);
  });

  it('a regex rule RE2 cannot run (backreference, lookaround) is refused naming the field', () => {
    const s = new FormDesignerStore();
    s.addField('comInput');
    s.updateField(101, (f) => {
      f.__config__.regList = [{ pattern: '^(a+)+$', message: 'a' }];
    });
    expect(msgs(s)).toEqual([]);
    s.updateField(101, (f) => {
      f.__config__.regList = [{ pattern: '(a)\\1', message: 'a' }];
    });
    expect(msgs(s)).toEqual(['单行输入的正则表达式无法使用（不支持反向引用、前后断言和过于复杂的表达式）']);
    expect(msgs(s, { lang: 'en' })).toEqual([
      'The regex rule of Input cannot be used (no backreferences, lookaround or overly complex patterns)',
    ]);
  });

  it('messages in other languages', () => {
    expect(msgs(new FormDesignerStore(), { lang: 'en' })).toEqual(['The form may not be empty']);
    expect(msgs(new FormDesignerStore(), { lang: 'zhtw' })).toEqual(['表單不允許為空']);
  });
});

describe('checkFormForSave: scriptEffects', () => {
  it('a declared field the form no longer has (the engine’s unknownScriptField) is named, in the language', () => {
    const s = new FormDesignerStore();
    s.addField('comInput');
    s.addField('comInput');
    s.updateField(101, (f) => {
      f.__vModel__ = 'title';
    });
    s.updateField(102, (f) => {
      f.__vModel__ = 'reason';
    });
    s.updateForm((d) => {
      d.scriptEffects = { onLoad: ['reason'], beforeSubmit: ['title', 'reason'] };
    });
    expect(msgs(s)).toEqual([]);
    s.removeField(102);
    expect(msgs(s)).toEqual([
      '脚本 onLoad 声明的字段 reason 已不存在，请在表单属性的脚本事件中移除',
      '脚本 beforeSubmit 声明的字段 reason 已不存在，请在表单属性的脚本事件中移除',
    ]);
    expect(msgs(s, { lang: 'zhtw' })[0]).toBe(
      '腳本 onLoad 聲明的欄位 reason 已不存在，請在表單屬性的腳本事件中移除',
    );
    expect(msgs(s, { lang: 'en' })[0]).toBe(
      'The onLoad script declares field reason, which the form no longer has: remove it under Form properties, Scripts',
    );
  });
});
