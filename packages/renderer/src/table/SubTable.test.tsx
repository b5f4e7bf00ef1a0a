import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';
import { columnTotal } from './summary';

afterEach(cleanup);

const table = (extra: Record<string, unknown> = {}) =>
  field(
    'table',
    'items',
    {
      label: '明细',
      children: [
        field('comInput', 'desc', { label: '说明', required: true }),
        field('comInput', 'code', {
          label: '编码',
          regList: [{ pattern: '^[A-Z]+$', message: '编码须为大写字母' }],
        }),
        field('numInput', 'price', { label: '单价', decimalPlace: 1 }),
        field('numInput', 'qty', { label: '数量' }),
      ],
    },
    { showSummary: true, summaryField: ['price', 'qty'], ...extra },
  );

describe('sub-table', () => {
  it('adds and deletes rows and marks required columns with a red asterisk', () => {
    const { container, data } = renderForm([table()]);
    const asterisks = container.querySelectorAll('th .kp-required');
    expect(asterisks).toHaveLength(1);
    expect(asterisks[0].parentElement?.textContent).toContain('说明');
    expect((asterisks[0] as HTMLElement).style.color).toBe('red');
    fireEvent.click(screen.getByText('添 加').closest('button') as HTMLElement);
    fireEvent.click(screen.getByText('添 加').closest('button') as HTMLElement);
    expect(container.querySelectorAll('tbody .kp-subtable-row')).toHaveLength(2);
    fireEvent.change(container.querySelector('[data-cell="items.1.desc"] input') as HTMLElement, {
      target: { value: 'second' },
    });
    fireEvent.click(container.querySelectorAll('.kp-cell-actions button')[0]);
    expect(data().items).toEqual([{ desc: 'second', code: null, price: null, qty: null }]);
  });

  it('shows 不能为空 and the column regex message per cell', async () => {
    const { ref, container } = renderForm([table()], {
      value: { items: [{ desc: '', code: 'ab', price: 1, qty: 1 }] },
    });
    await act(async () => {
      await ref.current?.submit();
    });
    expect(container.querySelector('[data-cell="items.0.desc"] .kp-cell-message')?.textContent).toBe(
      '不能为空',
    );
    expect(container.querySelector('[data-cell="items.0.code"] .kp-cell-message')?.textContent).toBe(
      '编码须为大写字母',
    );
  });

  it('follows formOperates for columns (table-column): required adds the asterisk and the rule, read false hides', async () => {
    const { ref, container } = renderForm([table()], {
      value: { items: [{ desc: 'x', code: 'AB', price: null, qty: 1 }] },
      formOperates: [
        { id: 'items-price', required: true },
        { id: 'items-desc', required: false },
        { id: 'items-code', read: false },
      ],
    });
    const heads = [...container.querySelectorAll('th')].map((th) => th.textContent);
    expect(heads.some((h) => h?.includes('编码'))).toBe(false);
    const starred = [...container.querySelectorAll('th .kp-required')].map(
      (a) => a.parentElement?.textContent,
    );
    expect(starred.join()).toContain('单价');
    expect(starred.join()).not.toContain('说明');
    let ok = true;
    await act(async () => {
      ok = (await ref.current?.submit()) ?? true;
    });
    expect(ok).toBe(false);
    expect(container.querySelector('[data-cell="items.0.price"] .kp-cell-message')?.textContent).toBe(
      '不能为空',
    );
    expect(container.querySelector('[data-cell="items.0.desc"] .kp-cell-message')).toBeNull();
  });

  it('sums the summary columns with their decimalPlace and the label 合计', () => {
    const { container } = renderForm([table()], {
      value: {
        items: [
          { price: 1.25, qty: 2 },
          { price: '2.1', qty: 'x' },
        ],
      },
    });
    expect(container.querySelector('.kp-subtable-summary')?.textContent).toContain('合计');
    expect(container.querySelector('[data-summary="items.price"]')?.textContent).toBe('3.4');
    expect(container.querySelector('[data-summary="items.qty"]')?.textContent).toBe('2.00');
    expect(container.querySelector('[data-summary="items.desc"]')?.textContent).toBe('');
    fireEvent.change(container.querySelector('[data-cell="items.1.qty"] input') as HTMLElement, {
      target: { value: '3' },
    });
    expect(container.querySelector('[data-summary="items.qty"]')?.textContent).toBe('5.00');
  });

  it('shows Total in English', () => {
    const { container } = renderForm([table()], { language: 'en', value: { items: [{ price: 1 }] } });
    expect(container.querySelector('.kp-subtable-summary')?.textContent).toContain('Total');
  });

  it('virtualises large tables: 500 rows mount only the rows in view', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ desc: `r${i}`, code: 'A', price: 1, qty: 1 }));
    const { container } = renderForm([table()], { value: { items: rows } });
    const mounted = container.querySelectorAll('.kp-subtable-row').length;
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThan(40);
    expect(container.querySelector('[data-summary="items.price"]')?.textContent).toBe('500.0');
    const viewport = container.querySelector('.kp-subtable-viewport') as HTMLElement;
    fireEvent.scroll(viewport, { target: { scrollTop: 56 * 300 } });
    expect(container.querySelector('[data-cell="items.300.desc"]')).not.toBeNull();
    expect(container.querySelector('[data-cell="items.0.desc"]')).toBeNull();
  });

  it('hides the add button when the table is disabled', () => {
    renderForm([table()], { mode: 'view' });
    expect(screen.queryByText('添 加')).toBeNull();
  });
});

describe('columnTotal', () => {
  it('defaults to 2 decimals and ignores non-numbers', () => {
    expect(columnTotal([{ a: 0.1 }, { a: 0.2 }, { a: '' }, { a: null }, { a: 'x' }], 'a')).toBe('0.30');
    expect(columnTotal([], 'a', 0)).toBe('0');
  });
});
