import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';
import { addRegion } from './addressPicker';
import { isBarcodeText } from './codes';
import { numberRangeValue } from './display';

afterEach(cleanup);

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const okButton = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;

describe('amount input', () => {
  it('is raw while focused, formatted on blur, and clearing emits an empty string', () => {
    const { container, data } = renderForm(
      [field('JNPFAmount', 'amt', { label: '金额' }, { precision: 2, currencySymbol: '¥' })],
      {
        value: { amt: 1234.5 },
      },
    );
    const input = container.querySelector('.kp-amount input') as HTMLInputElement;
    expect(input.value).toBe('¥1,234.50');
    fireEvent.focus(input);
    expect(input.value).toBe('1234.5');
    fireEvent.change(input, { target: { value: '99.999' } });
    expect(data().amt).toBe(99.999);
    fireEvent.blur(input);
    expect(input.value).toBe('¥100.00');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    expect(data().amt).toBe('');
  });
});

describe('number range', () => {
  it('is an empty list when both bounds are empty', () => {
    expect(numberRangeValue(null, null)).toEqual([]);
    expect(numberRangeValue(1, null)).toEqual([1, null]);
    const { container, data } = renderForm([field('numberRange', 'r', { label: '范围' })]);
    const [min, max] = container.querySelectorAll('.ant-input-number input');
    fireEvent.change(min, { target: { value: '3' } });
    expect(data().r).toEqual([3, null]);
    fireEvent.change(max, { target: { value: '9' } });
    expect(data().r).toEqual([3, 9]);
    fireEvent.change(min, { target: { value: '' } });
    fireEvent.change(max, { target: { value: '' } });
    expect(data().r).toEqual([]);
  });
});

describe('barcode and QR code', () => {
  it('draws a barcode only for letters and digits', () => {
    // jsdom has no canvas: jsbarcode measures the caption text with a 2d context, stubbed here.
    const ctx = { font: '', measureText: (t: string) => ({ width: t.length * 6 }) };
    const stub = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    expect(isBarcodeText('AB12')).toBe(true);
    expect(isBarcodeText('AB-12')).toBe(false);
    expect(isBarcodeText('')).toBe(false);
    const { container } = renderForm([
      field('barcode', undefined, { label: '条码' }, { staticText: 'KP2026', format: 'code128' }),
      field('barcode', undefined, { label: '条码2' }, { staticText: '中文' }),
    ]);
    const svgs = container.querySelectorAll('svg.kp-barcode');
    expect(svgs).toHaveLength(1);
    expect(svgs[0].querySelectorAll('rect').length).toBeGreaterThan(10);
    expect(container.querySelectorAll('.kp-barcode-empty')).toHaveLength(1);
    stub.mockRestore();
  });

  it('encodes a related field with error correction low', async () => {
    const spy = vi.spyOn(QRCode, 'toCanvas').mockResolvedValue(undefined as never);
    const { container } = renderForm(
      [
        field('comInput', 'code', { label: '编码' }),
        field('qrcode', undefined, { label: '二维码' }, { dataType: 'relation', relationField: 'code' }),
      ],
      { value: { code: 'X1' } },
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(spy.mock.calls.at(-1)?.[1]).toBe('X1');
    expect(spy.mock.calls.at(-1)?.[2]).toMatchObject({ errorCorrectionLevel: 'L', width: 40 });
    fireEvent.change(container.querySelector('[data-field="code"] input') as HTMLElement, {
      target: { value: 'Y2' },
    });
    await waitFor(() => expect(spy.mock.calls.at(-1)?.[1]).toBe('Y2'));
    spy.mockRestore();
  });
});

describe('option sources', () => {
  it('loads dictionary options through the providers', async () => {
    const { container } = renderForm([
      field('dicSelect', 'kind', { label: '类型', dictionaryType: 'expenseType' }),
    ]);
    fireEvent.mouseDown(container.querySelector('.ant-select') as HTMLElement);
    expect(await screen.findByText('差旅')).toBeTruthy();
    expect(screen.getByText('餐费')).toBeTruthy();
  });
});

describe('user transfer picker', () => {
  it('has three tabs, a selected pane with clear-all and per-item delete, and refuses disabled users', async () => {
    const { container, data } = renderForm([
      field('userSelect', 'users', { label: '用户' }, { multiple: true }),
    ]);
    fireEvent.click(container.querySelector('[data-field="users"] .ant-select') as HTMLElement);
    await waitFor(() => expect(modal()).toBeTruthy());
    const m = within(modal());
    expect(m.getByText('全部数据')).toBeTruthy();
    expect(m.getByText('当前组织')).toBeTruthy();
    fireEvent.click(m.getByText('我的下属'));
    fireEvent.click(await m.findByText('李四'));
    const selected = within(modal().querySelector('.kp-transfer-selected') as HTMLElement);
    expect(selected.getByText('李四')).toBeTruthy();
    fireEvent.click(m.getByText('当前组织'));
    const active = () => within(modal().querySelector('[role=tabpanel][aria-hidden=false]') as HTMLElement);
    await waitFor(() => expect(active().getByText('王五')).toBeTruthy());
    fireEvent.click(active().getByText('王五'));
    expect(await screen.findByText('禁用项不能选择')).toBeTruthy();
    fireEvent.click(active().getByText('张三'));
    expect(selected.getByText('张三')).toBeTruthy();
    fireEvent.click(selected.getByLabelText('删除 张三'));
    expect(selected.queryByText('张三')).toBeNull();
    fireEvent.click(selected.getByText('清空列表'));
    expect(selected.queryByText('李四')).toBeNull();
    fireEvent.click(active().getByText('张三'));
    fireEvent.click(okButton());
    expect(data().users).toEqual(['u1']);
  });

  it('loads the all-data tab as a lazy organisation tree', async () => {
    const { container, data } = renderForm([field('userSelect', 'u', { label: '用户' })]);
    fireEvent.click(container.querySelector('[data-field="u"] .ant-select') as HTMLElement);
    const tree = await waitFor(() => {
      const t = modal()?.querySelector('.ant-tree');
      if (!t || !t.textContent?.includes('总部')) throw new Error('tree not loaded');
      return t as HTMLElement;
    });
    fireEvent.click(tree.querySelector('.ant-tree-switcher') as HTMLElement);
    fireEvent.click(await within(tree).findByText('李四'));
    fireEvent.click(okButton());
    expect(data().u).toBe('u2');
  });
});

describe('address picker', () => {
  it('keeps one path in single mode and distinct paths in multiple mode', () => {
    const a = { path: ['p1', 'c1'], pairs: [] };
    const b = { path: ['p1', 'c2'], pairs: [] };
    expect(addRegion([a], b, false)).toEqual([b]);
    expect(addRegion([a], b, true)).toEqual([a, b]);
    expect(addRegion([a, b], { ...a }, true)).toEqual([a, b]);
  });

  it('loads level by level, picks at the configured depth and emits id paths; clear empties', async () => {
    const { container, data } = renderForm([field('address', 'addr', { label: '地址' }, { level: 1 })]);
    fireEvent.click(container.querySelector('[data-field="addr"] .ant-select') as HTMLElement);
    const tree = await waitFor(() => {
      const t = modal()?.querySelector('.kp-address-tree');
      if (!t || !t.textContent?.includes('广东省')) throw new Error('not loaded');
      return t as HTMLElement;
    });
    fireEvent.click(within(tree).getByText('广东省')); // depth 0 < level 1 and not a leaf: not selectable
    fireEvent.click(tree.querySelector('.ant-tree-switcher') as HTMLElement);
    fireEvent.click(await within(tree).findByText('深圳市'));
    fireEvent.click(okButton());
    expect(data().addr).toEqual(['p1', 'c1']);
    await waitFor(() =>
      expect(container.querySelector('[data-field="addr"]')?.textContent).toContain('广东省/深圳市'),
    );
    fireEvent.mouseDown(container.querySelector('[data-field="addr"] .ant-select-clear') as HTMLElement);
    fireEvent.click(container.querySelector('[data-field="addr"] .ant-select-clear') as HTMLElement);
    await waitFor(() => expect(data().addr).toEqual([]));
  });
});

describe('popup select and attributes', () => {
  const popup = () =>
    field(
      'popupSelect',
      'customer',
      { label: '客户' },
      {
        interfaceId: 'customers',
        propsValue: 'id',
        relationField: 'name',
        columnOptions: [
          { value: 'name', label: '名称' },
          { value: 'code', label: '编码' },
        ],
      },
    );

  it('requires a row, writes the id, shows the relation text and resets the query on open', async () => {
    const { container, data } = renderForm([
      popup(),
      field('popupAttr', undefined, { label: '客户编码' }, { relationField: 'customer', showField: 'code' }),
    ]);
    const input = container.querySelector('[data-field="customer"] input') as HTMLElement;
    fireEvent.click(input);
    await within(modal()).findByText('甲公司');
    fireEvent.click(okButton());
    expect(await screen.findByText('请选择一条数据')).toBeTruthy();
    fireEvent.change(within(modal()).getByPlaceholderText('请输入关键词查询'), { target: { value: '乙' } });
    fireEvent.click(within(modal()).getByText('查 询'));
    await waitFor(() => expect(within(modal()).queryByText('甲公司')).toBeNull());
    fireEvent.click(within(modal()).getByText('乙公司'));
    fireEvent.click(okButton());
    expect(data().customer).toBe('c2');
    expect((input as HTMLInputElement).value).toBe('乙公司');
    // The attribute field shows the chosen row's code, read-only, with the attribute placeholder.
    const attr = container.querySelectorAll('input[readonly]');
    await waitFor(() => expect([...attr].some((i) => (i as HTMLInputElement).value === 'B002')).toBe(true));
    expect(
      container.querySelector('input[placeholder="用于展示关联表单的属性，且数据不会保存"]'),
    ).not.toBeNull();
    // Reopening resets the query.
    act(() => {
      fireEvent.click(input);
    });
    await waitFor(() =>
      expect((within(modal()).getByPlaceholderText('请输入关键词查询') as HTMLInputElement).value).toBe(''),
    );
    expect(await within(modal()).findByText('甲公司')).toBeTruthy();
  });

  it('shows the relation text of an existing value', async () => {
    const { container } = renderForm([popup()], { value: { customer: 'c1' } });
    await waitFor(() =>
      expect((container.querySelector('[data-field="customer"] input') as HTMLInputElement).value).toBe(
        '甲公司',
      ),
    );
  });
});

describe('uploader limits', () => {
  it('refuses a file over the size limit and over the count', async () => {
    const { container } = renderForm(
      [field('uploadFz', 'files', { label: '附件' }, { fileSize: 1, sizeUnit: 'KB', limit: 1 })],
      {
        value: { files: [] },
      },
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2048)], 'big.pdf')] } });
    expect(await screen.findByText('文件大小超过1KB')).toBeTruthy();
  });
});

describe('bill number', () => {
  it('shows the next number of its rule in create mode and keeps an existing one in edit mode', async () => {
    const bill = field('billRule', 'billNo', { label: '单据编号', rule: 'expense' });
    const created = renderForm([bill]);
    await waitFor(() => expect(created.data().billNo).toBe('BX20260001'));
    cleanup();
    const edited = renderForm([bill], { mode: 'edit', value: { billNo: 'OLD1' } });
    expect((edited.container.querySelector('[data-field="billNo"] input') as HTMLInputElement).value).toBe(
      'OLD1',
    );
  });
});
