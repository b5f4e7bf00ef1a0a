import { validateFormConfig } from '@kp/schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDesignerLanguage } from '../i18n';
import { FormDesigner, LOCAL_SAVE_DEBOUNCE_MS, parseFormJson } from './FormDesigner';
import { FormDesignerStore } from './store';
import { published } from './types';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });

afterEach(() => {
  cleanup();
  setDesignerLanguage('zh');
});

const clickOk = async () => {
  const ok = await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 5000 });
  fireEvent.click(ok);
};

describe('FormDesigner', () => {
  it('shows the palette in three groups and adds controls on click', async () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    expect(screen.getByText('基础控件')).toBeTruthy();
    expect(screen.getByText('业务组件')).toBeTruthy();
    expect(screen.getByText('布局控件')).toBeTruthy();
    fireEvent.click(screen.getByTestId('palette-comInput'));
    fireEvent.click(screen.getByTestId('palette-select'));
    expect(store.getConfig().fields.map((f) => f.__config__.jnpfKey)).toEqual(['comInput', 'select']);
    expect(screen.getByTestId('field-101')).toBeTruthy();
    expect(screen.getByTestId('field-102')).toBeTruthy();
  });

  it("the selected field's copy and delete actions are drawn icons with names (no font glyph that may be missing)", () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-comInput'));
    fireEvent.click(screen.getByTestId('field-101'));
    for (const [id, name] of [
      ['field-copy', '复制'],
      ['field-delete', '删除'],
    ]) {
      const btn = screen.getByTestId(id as string);
      expect(btn.textContent?.trim()).toBe('');
      expect(btn.querySelector('svg')).toBeTruthy();
      expect(btn.getAttribute('aria-label')).toBe(name);
    }
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(store.getConfig().fields).toHaveLength(2);
  });

  it('the canvas draws the real controls (@kp/renderer widgets) with the field label, placeholder and default', () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    for (const k of ['comInput', 'numInput', 'switch', 'select', 'date', 'radio'])
      fireEvent.click(screen.getByTestId(`palette-${k}`));
    const ids = store.getConfig().fields.map((f) => f.__config__.formId);
    const field = (i: number) => screen.getByTestId(`field-${ids[i]}`);
    expect(field(0).querySelector('input.ant-input')).toBeTruthy();
    expect(field(1).querySelector('.ant-input-number')).toBeTruthy();
    expect(field(2).querySelector('.ant-switch')).toBeTruthy();
    expect(field(3).querySelector('.ant-select')).toBeTruthy();
    expect(field(4).querySelector('.ant-picker')).toBeTruthy();
    expect(field(5).querySelectorAll('.ant-radio-wrapper').length).toBeGreaterThan(0);
    expect(document.querySelector('.kp-field-mock')).toBeNull();
    // property edits show on the canvas control: placeholder and default value
    act(() => {
      store.updateField(ids[0]!, (f) => {
        f.placeholder = '请输入姓名';
        f.__config__.defaultValue = '张三';
      });
    });
    const input = field(0).querySelector<HTMLInputElement>('input.ant-input')!;
    expect(input.placeholder).toBe('请输入姓名');
    expect(input.value).toBe('张三');
    // the control takes no pointer events: a click selects the canvas item
    expect((field(0).querySelector('.kp-control-sample') as HTMLElement).style.pointerEvents).toBe('none');
    fireEvent.click(field(0));
    expect(store.getState().selectedId).toBe(ids[0]);
  });

  it('the pc/app switch narrows the canvas to the phone width and shows every control full width', () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-comInput'));
    const id = store.getConfig().fields[0]!.__config__.formId;
    act(() => {
      store.updateField(id, (f) => {
        f.__config__.span = 12;
      });
    });
    expect(screen.getByTestId('canvas').dataset.view).toBe('pc');
    expect(screen.getByTestId(`field-${id}`).style.width).toBe('50%');
    fireEvent.click(within(screen.getByTestId('view-switch')).getByText('APP'));
    expect(screen.getByTestId('canvas').dataset.view).toBe('app');
    expect(screen.getByTestId('canvas').style.width).toBe('375px');
    expect(screen.getByTestId(`field-${id}`).style.width).toBe('100%');
    fireEvent.click(within(screen.getByTestId('view-switch')).getByText('PC'));
    expect(screen.getByTestId(`field-${id}`).style.width).toBe('50%');
  });

  it('controlled: a new value replaces the drawing; the config from onChange passed back changes nothing', () => {
    const a = new FormDesignerStore();
    a.addField('comInput');
    const b = new FormDesignerStore();
    b.addField('numInput');
    b.addField('switch');
    const onChange = vi.fn();
    const { rerender } = render(<FormDesigner value={published(a.getConfig())} onChange={onChange} />);
    expect(screen.getAllByTestId(/^field-\d+$/).map((e) => e.dataset.kind)).toEqual(['comInput']);
    expect(onChange).not.toHaveBeenCalled();
    rerender(<FormDesigner value={published(b.getConfig())} onChange={onChange} />);
    expect(screen.getAllByTestId(/^field-\d+$/).map((e) => e.dataset.kind)).toEqual(['numInput', 'switch']);
    expect(onChange).toHaveBeenCalledTimes(1);
    const echoed = onChange.mock.calls[0]![0];
    rerender(<FormDesigner value={echoed} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('palette-textarea'));
    expect(onChange).toHaveBeenCalledTimes(2);
    rerender(<FormDesigner value={onChange.mock.calls[1]![0]} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId(/^field-\d+$/)).toHaveLength(3);
  });

  it('delete asks 确定删除该组件？ and clear asks 确定要清空所有组件吗？', async () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-comInput'));
    fireEvent.click(screen.getByTestId('palette-textarea'));
    fireEvent.click(screen.getByTestId('field-101'));
    fireEvent.click(screen.getByTestId('field-delete'));
    expect(await screen.findByText('确定删除该组件？', {}, { timeout: 5000 })).toBeTruthy();
    await clickOk();
    await waitFor(() => expect(store.getConfig().fields).toHaveLength(1), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('btn-clear'));
    expect(await screen.findByText('确定要清空所有组件吗？', {}, { timeout: 5000 })).toBeTruthy();
    const oks = await screen.findAllByRole('button', { name: /确\s*定/ }, { timeout: 5000 });
    fireEvent.click(oks[oks.length - 1]!);
    await waitFor(() => expect(store.getConfig().fields).toHaveLength(0), { timeout: 5000 });
    expect(store.getConfig().idGlobal).toBe(100);
  });

  it('undo/redo buttons', () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-comInput'));
    fireEvent.click(screen.getByTestId('btn-undo'));
    expect(store.getConfig().fields).toHaveLength(0);
    fireEvent.click(screen.getByTestId('btn-redo'));
    expect(store.getConfig().fields).toHaveLength(1);
  });

  it('the last tab cannot be removed (最后一项不能删除); others ask 删除后不能撤销，确定要删除吗?', async () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-tab'));
    fireEvent.click(screen.getByTestId('field-101'));
    fireEvent.click(screen.getByTestId('pane-delete'));
    expect(await screen.findByText('最后一项不能删除', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('pane-add'));
    expect(store.getConfig().fields[0]!.__config__.children).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('pane-delete')[1]!);
    expect(await screen.findByText('删除后不能撤销，确定要删除吗?', {}, { timeout: 5000 })).toBeTruthy();
    await clickOk();
    await waitFor(() => expect(store.getConfig().fields[0]!.__config__.children).toHaveLength(1), {
      timeout: 5000,
    });
  });

  it('dropping into an unlinked table shows 子表请先关联数据表', async () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('palette-table'));
    const ctxDrop = store.addField('comInput', { holderId: 101, index: 0 });
    expect(ctxDrop).toEqual({ ok: false, error: 'msg.subTableLink' });
  });

  it('view-only mode (formtype 3) hides the palette and editing buttons', () => {
    const store = new FormDesignerStore();
    store.addField('comInput');
    render(<FormDesigner store={store} formType={3} />);
    expect(screen.queryByTestId('palette')).toBeNull();
    expect(screen.queryByTestId('btn-clear')).toBeNull();
    expect(screen.getByTestId('form-designer').dataset.readonly).toBe('true');
    fireEvent.click(screen.getByTestId('field-101'));
    expect(screen.queryByTestId('field-delete')).toBeNull();
  });

  it('copy JSON: 复制成功 on success and 代码复制失败 on failure', async () => {
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} />);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('btn-copy-json'));
    expect(await screen.findByText('复制成功', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(writeText.mock.calls[0]![0] as string).idGlobal).toBe(100);
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByTestId('btn-copy-json'));
    expect(await screen.findByText('代码复制失败', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('saves locally 340 ms after the last change', async () => {
    vi.useFakeTimers();
    try {
      const save = vi.fn();
      const store = new FormDesignerStore();
      render(<FormDesigner store={store} storage={{ save }} />);
      act(() => {
        store.addField('comInput');
      });
      act(() => {
        vi.advanceTimersByTime(200);
        store.addField('textarea');
      });
      act(() => {
        vi.advanceTimersByTime(LOCAL_SAVE_DEBOUNCE_MS - 1);
      });
      expect(save).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![0].fields).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('save runs the save checks and shows the first message', async () => {
    const onSave = vi.fn();
    const store = new FormDesignerStore();
    render(<FormDesigner store={store} onSave={onSave} />);
    fireEvent.click(screen.getByTestId('btn-save'));
    expect(await screen.findByText('表单不允许为空', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('palette-comInput'));
    fireEvent.click(screen.getByTestId('btn-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('save check messages follow the chosen language', async () => {
    const store = new FormDesignerStore();
    const { unmount } = render(<FormDesigner store={store} onSave={vi.fn()} language="en" />);
    fireEvent.click(screen.getByTestId('btn-save'));
    expect(await screen.findByText('The form may not be empty', {}, { timeout: 5000 })).toBeTruthy();
    unmount();
    render(<FormDesigner store={store} onSave={vi.fn()} language="zhtw" />);
    fireEvent.click(screen.getByTestId('btn-save'));
    expect(await screen.findByText('表單不允許為空', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a save check naming a field says it in the language prop, with the label in that language', async () => {
    const store = new FormDesignerStore();
    store.addField('card');
    store.updateField(101, (f) => {
      f.__config__.label = { zh: '明细卡片', zhtw: '明細卡片', en: 'Details card' };
    });
    const expected = {
      zh: '您的明细卡片控件中没有组件',
      zhtw: '您的明細卡片控制項中沒有元件',
      en: 'Your Details card control has no controls',
    } as const;
    for (const language of ['en', 'zh', 'zhtw'] as const) {
      const onSave = vi.fn();
      const { unmount } = render(<FormDesigner store={store} onSave={onSave} language={language} />);
      fireEvent.click(screen.getByTestId('btn-save'));
      expect(await screen.findByText(expected[language], {}, { timeout: 5000 })).toBeTruthy();
      expect(onSave).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('preview renders the config through @kp/renderer', async () => {
    const store = new FormDesignerStore();
    store.addField('comInput');
    store.updateField(101, (f) => {
      f.__config__.label = { zh: '客户名称' };
    });
    render(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('btn-preview'));
    const preview = await screen.findByTestId('form-preview', {}, { timeout: 5000 });
    expect(await within(preview).findByText('客户名称', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('texts follow the language', () => {
    render(<FormDesigner language="en" />);
    expect(screen.getByText('Basic controls')).toBeTruthy();
  });

  it('parseFormJson: bad JSON gives 错误 / JSON格式错误，请检查; a valid config passes', () => {
    expect(parseFormJson('{oops')).toEqual({ ok: false, code: 'msg.jsonError' });
    const s = new FormDesignerStore();
    s.addField('comInput');
    const r = parseFormJson(JSON.stringify(s.getConfig()));
    expect(r.ok).toBe(true);
  });

  it('every palette kind produces output that validates with validateFormConfig (once required props are set)', () => {
    const s = new FormDesignerStore();
    const all = [
      'comInput',
      'textarea',
      'numInput',
      'JNPFAmount',
      'switch',
      'radio',
      'checkbox',
      'select',
      'cascader',
      'date',
      'time',
      'dateRange',
      'timeRange',
      'numberRange',
      'colorPicker',
      'rate',
      'slider',
      'editor',
      'uploadFz',
      'uploadImg',
      'JNPFText',
      'link',
      'button',
      'alert',
      'barcode',
      'qrcode',
      'comSelect',
      'depSelect',
      'posSelect',
      'roleSelect',
      'userSelect',
      'usersSelect',
      'groupSelect',
      'address',
      'treeSelect',
      'calculate',
      'createUser',
      'createTime',
      'modifyUser',
      'modifyTime',
      'currOrganize',
      'currDept',
      'currPosition',
      'groupTitle',
      'divider',
      'collapse',
      'tab',
      'row',
      'card',
      'table',
    ];
    for (const k of all) expect(s.addField(k).ok).toBe(true);
    const r = validateFormConfig(JSON.parse(JSON.stringify(s.getConfig())));
    expect(r.ok ? [] : r.errors).toEqual([]);
  });
});
