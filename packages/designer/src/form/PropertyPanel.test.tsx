import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDesigner } from './FormDesigner';
import { FormDesignerStore } from './store';
import { locate } from './tree';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });

afterEach(cleanup);

const field = (s: FormDesignerStore, id: number) => locate(s.getConfig().fields, id)!.field;

describe('PropertyPanel', () => {
  it('edits the label per language, required and regList of the selected control', () => {
    const store = new FormDesignerStore();
    store.addField('comInput');
    store.select(101);
    render(<FormDesigner store={store} />);
    fireEvent.change(screen.getByTestId('prop-label-zh'), { target: { value: '姓名' } });
    fireEvent.change(screen.getByTestId('prop-label-en'), { target: { value: 'Name' } });
    fireEvent.click(screen.getByTestId('prop-required'));
    const reg = screen.getByTestId('prop-reglist');
    fireEvent.click(within(reg).getByRole('button', { name: /添\s*加/ }));
    fireEvent.change(within(reg).getByPlaceholderText('表达式'), { target: { value: '^\\d+$' } });
    fireEvent.change(within(reg).getByPlaceholderText('错误提示'), { target: { value: '只能是数字' } });
    const f = field(store, 101);
    expect(f.__config__.label).toEqual({ zh: '姓名', zhtw: '單行輸入', en: 'Name' });
    expect(f.__config__.required).toBe(true);
    expect(f.__config__.regList).toEqual([{ pattern: '^\\d+$', message: '只能是数字' }]);
  });

  it('role and user pickers offer the system variable 当前用户 (hasSys); other kinds do not', () => {
    const store = new FormDesignerStore();
    store.addField('roleSelect');
    store.addField('usersSelect');
    store.addField('posSelect');
    store.select(101);
    const { rerender } = render(<FormDesigner store={store} />);
    expect(screen.getByText('系统变量（当前用户）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('prop-hassys'));
    expect(field(store, 101).hasSys).toBe(true);
    fireEvent.click(screen.getByTestId('prop-hassys'));
    expect(field(store, 101).hasSys).toBe(false);
    store.select(102);
    rerender(<FormDesigner store={store} />);
    fireEvent.click(screen.getByTestId('prop-hassys'));
    expect(field(store, 102).hasSys).toBe(true);
    store.select(103);
    rerender(<FormDesigner store={store} />);
    expect(screen.queryByTestId('prop-hassys')).toBeNull();
  });

  it('pickers and selects switch between one and several values (multiple); other kinds have no switch', () => {
    const store = new FormDesignerStore();
    store.addField('roleSelect');
    store.addField('usersSelect');
    store.addField('input');
    store.select(101);
    const { rerender } = render(<FormDesigner store={store} />);
    const sw = () => screen.getByTestId('prop-multiple');
    expect(sw().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw());
    expect(field(store, 101).multiple).toBe(true);
    fireEvent.click(sw());
    expect(field(store, 101).multiple).toBe(false);
    // the user-by-department picker is multiple by its schema's default
    store.select(102);
    rerender(<FormDesigner store={store} />);
    expect(sw().getAttribute('aria-checked')).toBe('true');
    store.select(103);
    rerender(<FormDesigner store={store} />);
    expect(screen.queryByTestId('prop-multiple')).toBeNull();
  });

  it('calculate: the expression builder marks an invalid formula (isValidExpression)', () => {
    const store = new FormDesignerStore();
    store.addField('numInput');
    store.addField('calculate');
    store.select(102);
    render(<FormDesigner store={store} />);
    const box = screen.getByTestId('prop-expression');
    fireEvent.click(within(box).getByRole('button', { name: '1' }));
    fireEvent.click(within(box).getByRole('button', { name: '+' }));
    expect(screen.getByTestId('expression-error').textContent).toBe('公式不合法');
    fireEvent.click(within(box).getByRole('button', { name: '2' }));
    expect(screen.queryByTestId('expression-error')).toBeNull();
    expect(field(store, 102).expression).toEqual(['1', '+', '2']);
  });

  it('text style, barcode and QR template editors are shown for their kinds', () => {
    const store = new FormDesignerStore();
    store.addField('JNPFText');
    store.addField('barcode');
    store.addField('qrcode');
    store.select(101);
    const { rerender } = render(<FormDesigner store={store} />);
    expect(screen.getByTestId('prop-textstyle')).toBeTruthy();
    store.select(102);
    rerender(<FormDesigner store={store} />);
    expect(screen.getByTestId('prop-barcode-template')).toBeTruthy();
    store.select(103);
    rerender(<FormDesigner store={store} />);
    expect(screen.getByTestId('prop-qrcode-template')).toBeTruthy();
    expect(field(store, 103).size).toBe(100);
    expect(field(store, 102).format).toBe('code128');
  });

  it('read-only mode disables the panel', () => {
    const store = new FormDesignerStore();
    store.addField('comInput');
    store.select(101);
    render(<FormDesigner store={store} formType={3} />);
    expect((screen.getByTestId('prop-label-zh') as HTMLInputElement).disabled).toBe(true);
  });
});
