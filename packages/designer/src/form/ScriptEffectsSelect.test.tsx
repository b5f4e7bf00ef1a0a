import { compileForm } from '@kp/engine';
import { validateFormConfig } from '@kp/schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDesigner } from './FormDesigner';
import { FormDesignerStore } from './store';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });

afterEach(cleanup);

/** A title input, a reason input and a sub-table `lines` with a price column. */
function form(): FormDesignerStore {
  const s = new FormDesignerStore();
  s.addField('comInput');
  s.addField('comInput');
  s.addField('table');
  s.updateField(101, (f) => Object.assign(f, { __vModel__: 'title' }));
  s.updateField(102, (f) => {
    f.__vModel__ = 'reason';
    f.__config__.label = { zh: '原因', en: 'Reason' };
    f.__config__.required = true;
  });
  s.updateField(103, (f) => {
    f.__vModel__ = 'lines';
    f.__config__.label = { zh: '明细' };
    f.__config__.tableName = 'lines'; // a sub-table takes columns once linked to a data table
  });
  s.addField('numInput', { holderId: 103, index: 0 });
  s.updateField(104, (f) => {
    f.__vModel__ = 'price';
    f.__config__.label = { zh: '单价' };
  });
  expect(s.getConfig().fields[2]!.__config__.children).toHaveLength(1);
  return s;
}

const openFormTab = () => fireEvent.click(screen.getByRole('tab', { name: '表单属性' }));
/** Opens the event's select and picks the options by label (a multiple select stays open). */
const pick = async (event: string, ...labels: string[]) => {
  const box = screen.getByTestId(`script-effects-${event}`);
  fireEvent.mouseDown(box.querySelector('.ant-select-selector') ?? box.querySelector('.ant-select')!);
  for (const label of labels)
    fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
};

describe('script effects editor (form properties, beside each script)', () => {
  it('lists the fields by label, sub-table columns as table.column; a pick is saved in scriptEffects', async () => {
    const store = form();
    const onSave = vi.fn();
    render(<FormDesigner store={store} onSave={onSave} />);
    openFormTab();
    const box = screen.getByTestId('script-effects-onLoad');
    expect(within(box).getByText('此脚本可能隐藏、禁用或设为非必填的字段')).toBeTruthy();
    await pick('onLoad', '原因', '明细 / 单价');
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (e) => e.textContent,
    );
    expect(options).toEqual(['单行输入', '原因', '明细', '明细 / 单价']);
    fireEvent.click(screen.getByTestId('btn-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const saved = onSave.mock.calls[0]![0];
    expect(saved.scriptEffects).toEqual({ onLoad: ['reason', 'lines.price'] });
    expect(validateFormConfig(saved).ok).toBe(true);
    // the engine takes the list: the picked fields are relaxable, the others not
    const relaxable = compileForm(saved)
      .fields.filter((f) => f.scriptRelaxable)
      .map((f) => f.path);
    expect(relaxable).toEqual(['reason', 'lines.price']);
    expect(compileForm(saved).errors).toEqual([]);
  });

  it('removing a name keeps the other events; a stale name is marked, and saving names it in the language', async () => {
    const store = form();
    store.updateForm((d) => {
      d.scriptEffects = { onLoad: ['reason'], 'change:title': ['lines'] };
    });
    const onSave = vi.fn();
    render(<FormDesigner store={store} onSave={onSave} language="en" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Form properties' }));
    const box = screen.getByTestId('script-effects-onLoad');
    fireEvent.click(box.querySelector('.ant-select-selection-item-remove')!);
    expect(store.getConfig().scriptEffects).toEqual({ 'change:title': ['lines'] });
    act(() => {
      store.removeField(103);
    });
    const stale = 'The change:title script declares field lines, which the form no longer has';
    fireEvent.click(screen.getByTestId('btn-save'));
    expect(await screen.findByText(new RegExp(`^${stale}`), {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    act(() => {
      store.updateForm((d) => {
        d.scriptEffects = { onLoad: ['gone'] };
      });
    });
    expect(within(box).getByText(/declares field gone/)).toBeTruthy();
    fireEvent.click(box.querySelector('.ant-select-selection-item-remove')!);
    expect('scriptEffects' in store.getConfig()).toBe(false);
    fireEvent.click(screen.getByTestId('btn-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });
});
