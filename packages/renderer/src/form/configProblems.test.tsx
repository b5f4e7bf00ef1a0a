// Issue 19 "error states": a config that does not compile is shown, not thrown: one alert above the form names
// each bad field in the form's language, the rest of the form still works, and nothing crashes or goes blank.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// the engine's test hook (not public API): puts a test in a browser's place before RE2 is fetched
import { loadSafeRegex, unloadSafeRegexForTests } from '../../../engine/src/validators/re2';
import { field, providers } from '../test/fixtures';
import { renderForm } from '../test/render';
import { registerWidget } from '../widgets/registry';
import { FormRenderer } from './FormRenderer';

afterEach(cleanup);

const label = (zh: string, zhtw: string, en: string) => ({ label: { zh, zhtw, en } });
const price = () => field('numInput', 'price', label('单价', '單價', 'Price'));
/** The items of the problems alert (its title first). */
const problems = () => {
  const alert = screen.getByRole('alert');
  return {
    title: alert.querySelector('.ant-alert-title')?.textContent,
    items: within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  };
};

describe('a config with problems', () => {
  it('a calculation naming a missing field: the field and the name, in zh, zhtw and en; the form still works', () => {
    const fields = [
      price(),
      field('calculate', 'total', label('合计', '合計', 'Total'), { expression: ['price', '*', 'qty'] }),
    ];
    const { unmount } = renderForm(fields);
    expect(problems()).toEqual({
      title: '表单配置有误，以下字段可能无法正常使用',
      items: ['字段「合计」的计算公式引用了不存在的字段 qty'],
    });
    expect(screen.getByText('单价')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提 交' })).toBeTruthy();
    unmount();
    renderForm(fields, { language: 'zhtw' });
    expect(problems().items).toEqual(['欄位「合計」的計算公式引用了不存在的欄位 qty']);
    cleanup();
    renderForm(fields, { language: 'en' });
    expect(problems()).toEqual({
      title: 'The form config has errors; these fields may not work',
      items: ['Field "Total": the formula refers to qty, which is not a field of this form'],
    });
  });

  it('circular calculations name the fields of the cycle', () => {
    renderForm(
      [
        field('calculate', 'a', label('甲', '甲', 'A'), { expression: ['b', '+', '1'] }),
        field('calculate', 'b', label('乙', '乙', 'B'), { expression: ['a', '+', '1'] }),
      ],
      { language: 'en' },
    );
    expect(problems().items).toEqual(['Field "A": the formulas refer to each other in a cycle: A → B → A']);
  });

  it('an invalid pattern rule, a formula that does not parse and a nameless data field are each named', () => {
    renderForm([
      field('comInput', 'phone', {
        ...label('电话', '電話', 'Phone'),
        regList: [{ pattern: '^1\\d{10}$' }, { pattern: '/(/' }],
      }),
      field('calculate', 'sum', label('小计', '小計', 'Sum'), { expression: ['(', 'price'] }),
      field('numInput', undefined, label('无名', '無名', 'Nameless')),
      price(),
    ]);
    expect(problems().items).toEqual([
      '字段「电话」的第 2 条校验规则不是有效的正则表达式',
      '字段「无名」没有字段名（__vModel__），填写的内容无法保存',
      '字段「小计」的计算公式有语法错误',
    ]);
  });

  it('a pattern compiled before RE2 was in (a browser) is checked once the first touch has fetched it', async () => {
    unloadSafeRegexForTests();
    try {
      renderForm([
        field('comInput', 'phone', { ...label('电话', '電話', 'Phone'), regList: [{ pattern: '/(/' }] }),
      ]);
      expect(screen.queryByRole('alert')).toBeNull(); // deferred: not known to be bad yet
      fireEvent.pointerDown(screen.getByRole('textbox'));
      expect((await screen.findByRole('alert')).textContent).toContain(
        '字段「电话」的第 1 条校验规则不是有效的正则表达式',
      );
    } finally {
      await loadSafeRegex();
    }
  });

  it('a sub-table without columns is named', () => {
    renderForm([field('table', 'lines', label('明细', '明細', 'Lines'))], { language: 'zhtw' });
    expect(problems().items).toEqual(['子表「明細」沒有任何欄']);
  });

  it('entries that are not fields (no __config__, not an object, a null tab pane) are named by place, the rest renders', async () => {
    renderForm([
      { __vModel__: 'ghost' },
      42,
      field('tab', undefined, {
        children: [null, { title: 'P', name: 'p', __config__: { children: [price()] } }],
      }),
      field('comInput', 'name', label('姓名', '姓名', 'Name')),
    ]);
    expect(problems().items).toEqual([
      '配置项 fields[0] 不是有效的字段配置',
      '配置项 fields[1] 不是有效的字段配置',
      '配置项 fields[2].__config__.children[0] 不是有效的字段配置',
    ]);
    expect(screen.getByText('姓名')).toBeTruthy();
    expect(await screen.findByText('单价')).toBeTruthy(); // the good pane of the tab
  });

  it('fields that are not a list, or a config that is not an object, show a message instead of crashing', () => {
    renderForm('nope' as unknown as unknown[], { language: 'en' });
    expect(problems().items).toEqual(['The entry fields is not a valid field config']);
    cleanup();
    render(<FormRenderer config={null as never} providers={providers()} language="en" />);
    expect(problems().items).toEqual(['The form config is not an object']);
  });

  it('a widget that throws on its config shows a message naming the field; the other fields stay', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const undo = registerWidget('kpTestThrows', {
      widget: () => {
        throw new Error('options must be a list');
      },
    });
    try {
      renderForm(
        [
          field('kpTestThrows', 'bad', label('坏字段', '壞欄位', 'Bad')),
          field('comInput', 'name', label('姓名', '姓名', 'Name')),
        ],
        {
          language: 'en',
        },
      );
      expect(screen.getByRole('alert').textContent).toBe(
        'Field "Bad" cannot be shown: options must be a list',
      );
      expect(screen.getByText('Name')).toBeTruthy();
    } finally {
      undo();
      quiet.mockRestore();
    }
  });

  it('a sound config shows no problem alert', () => {
    renderForm([
      price(),
      field('calculate', 'total', label('合计', '合計', 'Total'), { expression: ['price', '*', '2'] }),
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
