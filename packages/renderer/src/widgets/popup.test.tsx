import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { field, providers } from '../test/fixtures';
import { renderForm } from '../test/render';

afterEach(cleanup);

const cols = [
  { value: 'name', label: '名称' },
  { value: 'code', label: '编码' },
];
const popup = (kind: string, vModel: string, props: Record<string, unknown> = {}) =>
  field(
    kind,
    vModel,
    { label: '客户' },
    { interfaceId: 'customers', propsValue: 'id', relationField: 'name', columnOptions: cols, ...props },
  );
const inputOf = (c: HTMLElement, key: string) =>
  c.querySelector(`[data-field="${key}"] input`) as HTMLInputElement;
const rowOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('tr') as HTMLElement;

describe('popupSelect (data-interface popup)', () => {
  it('multiple: ticks several rows, stores their keys, shows their texts and keeps them ticked on reopening', async () => {
    const { container, data } = renderForm([popup('popupSelect', 'cs', { multiple: true })]);
    fireEvent.click(inputOf(container, 'cs'));
    const dialog = await waitFor(() => document.querySelector('.kp-popup-dialog') as HTMLElement);
    await within(dialog).findByText('甲公司');
    fireEvent.click(within(dialog).getByText('确 定'));
    expect(await screen.findByText('请选择一条数据')).toBeTruthy();
    fireEvent.click(rowOf(dialog, '甲公司'));
    fireEvent.click(rowOf(dialog, '乙公司'));
    expect(dialog.querySelectorAll('input[type="checkbox"]:checked').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(dialog).getByText('确 定'));
    expect(data().cs).toEqual(['c1', 'c2']);
    await waitFor(() => expect(inputOf(container, 'cs').value).toBe('甲公司, 乙公司'));
    fireEvent.click(inputOf(container, 'cs'));
    const again = await waitFor(
      () => document.querySelector('.kp-popup-dialog:not(.ant-zoom-leave)') as HTMLElement,
    );
    await within(again).findByText('甲公司');
    fireEvent.click(rowOf(again, '甲公司'));
    fireEvent.click(within(again).getByText('确 定'));
    expect(data().cs).toEqual(['c2']);
  });

  it('asks the interface once per query, not again when a row is ticked', async () => {
    const p = providers();
    const list = vi.spyOn(p.popup, 'list');
    const { container } = renderForm([popup('popupSelect', 'cs', { multiple: true })], { providers: p });
    fireEvent.click(inputOf(container, 'cs'));
    const dialog = await waitFor(() => document.querySelector('.kp-popup-dialog') as HTMLElement);
    await within(dialog).findByText('甲公司');
    fireEvent.click(rowOf(dialog, '甲公司'));
    fireEvent.click(rowOf(dialog, '乙公司'));
    await act(async () => {});
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0][0]).toMatchObject({
      interfaceId: 'customers',
      keyword: '',
      currentPage: 1,
      pageSize: 10000,
    });
    expect(dialog.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('opens in a drawer when popupType is drawer', async () => {
    const { container, data } = renderForm([
      popup('popupSelect', 'c', { popupType: 'drawer', popupTitle: '选客户' }),
    ]);
    fireEvent.click(inputOf(container, 'c'));
    const drawer = await waitFor(
      () => document.querySelector('.ant-drawer .kp-popup-drawer, .kp-popup-drawer') as HTMLElement,
    );
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(screen.getByText('选客户')).toBeTruthy();
    await within(document.body).findByText('乙公司');
    fireEvent.click(rowOf(document.body, '乙公司'));
    fireEvent.click(within(document.querySelector('.ant-drawer') as HTMLElement).getByText('确 定'));
    expect(data().c).toBe('c2');
    expect(drawer).toBeTruthy();
  });

  it('opens in a popover when popupType is popover', async () => {
    const { container, data } = renderForm([popup('popupSelect', 'c', { popupType: 'popover' })]);
    fireEvent.click(inputOf(container, 'c'));
    const pop = await waitFor(() => document.querySelector('.kp-popup-popover') as HTMLElement);
    await within(pop).findByText('甲公司');
    fireEvent.click(rowOf(pop, '甲公司'));
    fireEvent.click(within(pop).getByText('确 定'));
    expect(data().c).toBe('c1');
    await waitFor(() => expect(inputOf(container, 'c').value).toBe('甲公司'));
  });
});

describe('popupTableSelect (drop-down table)', () => {
  it('shows the table under the input, picks a row on click and searches by keyword', async () => {
    const { container, data } = renderForm([popup('popupTableSelect', 'c')]);
    fireEvent.click(inputOf(container, 'c'));
    const drop = await waitFor(() => document.querySelector('.kp-popup-dropdown') as HTMLElement);
    expect(document.querySelector('.ant-modal')).toBeNull();
    await within(drop).findByText('甲公司');
    expect(within(drop).getAllByText('编码').length).toBeGreaterThan(0);
    fireEvent.change(within(drop).getByPlaceholderText('请输入关键词查询'), { target: { value: 'B002' } });
    fireEvent.click(within(drop).getByText('查 询'));
    await waitFor(() => expect(within(drop).queryByText('甲公司')).toBeNull());
    fireEvent.click(rowOf(drop, '乙公司'));
    expect(data().c).toBe('c2');
    await waitFor(() => expect(inputOf(container, 'c').value).toBe('乙公司'));
  });

  it('multiple: ticks rows and confirms; clearing empties the list', async () => {
    const { container, data } = renderForm([popup('popupTableSelect', 'c', { multiple: true })]);
    fireEvent.click(inputOf(container, 'c'));
    const drop = await waitFor(() => document.querySelector('.kp-popup-dropdown') as HTMLElement);
    await within(drop).findByText('甲公司');
    fireEvent.click(rowOf(drop, '乙公司'));
    fireEvent.click(within(drop).getByText('确 定'));
    expect(data().c).toEqual(['c2']);
    await waitFor(() => expect(inputOf(container, 'c').value).toBe('乙公司'));
    const clear = container.querySelector('[data-field="c"] .ant-input-clear-icon') as HTMLElement;
    fireEvent.click(clear);
    expect(data().c).toEqual([]);
  });
});

describe('attribute fields', () => {
  it('popupAttr with isStorage 1 stores the shown attribute; isStorage 0 stores nothing', async () => {
    const { container, data } = renderForm(
      [
        popup('popupSelect', 'c'),
        field(
          'popupAttr',
          'ccode',
          { label: '编码' },
          { relationField: 'c', showField: 'code', isStorage: 1 },
        ),
        field('popupAttr', undefined, { label: '名称' }, { relationField: 'c', showField: 'name' }),
      ],
      { value: { c: 'c1' } },
    );
    await waitFor(() => expect(data().ccode).toBe('A001'));
    const shown = [...container.querySelectorAll('input[readonly]')].map(
      (i) => (i as HTMLInputElement).value,
    );
    expect(shown).toContain('A001');
    expect(shown).toContain('甲公司');
    expect(Object.keys(data()).sort()).toEqual(['c', 'ccode']);
  });

  it('relationForm writes the record id and relationFormAttr shows its attribute', async () => {
    const { container, data } = renderForm([
      field('relationForm', 'contract', { label: '合同' }, { modelId: 'contracts', relationField: 'title' }),
      field(
        'relationFormAttr',
        undefined,
        { label: '合同金额' },
        { relationField: 'contract', showField: 'amount' },
      ),
    ]);
    fireEvent.click(inputOf(container, 'contract'));
    const dialog = await waitFor(() => document.querySelector('.kp-popup-dialog') as HTMLElement);
    fireEvent.click(
      rowOf(
        dialog,
        await within(dialog)
          .findByText('合同一')
          .then((e) => e.textContent ?? ''),
      ),
    );
    fireEvent.click(within(dialog).getByText('确 定'));
    expect(data().contract).toBe('k1');
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('input[readonly]')].map((i) => (i as HTMLInputElement).value),
      ).toContain('100'),
    );
  });

  it('in a sub-table row, the attribute follows the same row’s popup column', async () => {
    const { container } = renderForm(
      [
        field('table', 'items', {
          label: '明细',
          children: [
            popup('popupSelect', 'cust'),
            field('popupAttr', undefined, { label: '编码' }, { relationField: 'cust', showField: 'code' }),
          ],
        }),
      ],
      { value: { items: [{ cust: 'c1' }, { cust: 'c2' }] } },
    );
    await waitFor(() => {
      const vals = [...container.querySelectorAll('td input[readonly]')].map(
        (i) => (i as HTMLInputElement).value,
      );
      expect(vals).toEqual(['甲公司', 'A001', '乙公司', 'B002']);
    });
  });
});
