import { JNPF_KEYS } from '@kp/schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';
import { WIDGETS } from './registry';

afterEach(cleanup);

// jsdom: jsbarcode measures text with a 2d canvas, ProseMirror measures the selection.
beforeAll(() => {
  const ctx = { font: '', measureText: (t: string) => ({ width: t.length * 6 }) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => ({ top: 0, left: 0, right: 0, bottom: 0 }) as DOMRect;
});

const opts = [
  { id: 'a', fullName: { zh: '甲', zhtw: '甲', en: 'Alpha' } },
  { id: 'b', fullName: { zh: '乙', zhtw: '乙', en: 'Beta' } },
];
const label = (zh: string, en: string) => ({ zh, zhtw: zh, en });

/** The smallest valid field of each kind (the props a kind needs to work). */
function minimal(kind: string): Record<string, unknown> {
  const lbl = label(`标签${kind}`, `Label ${kind}`);
  const vm = `f_${kind}`;
  switch (kind) {
    case 'row':
      return field(kind, undefined, {
        label: lbl,
        children: [field('comInput', `${vm}_c`, { label: '子项' })],
      });
    case 'card':
      return field(
        kind,
        undefined,
        { label: lbl, children: [field('comInput', `${vm}_c`, { label: '子项' })] },
        { header: lbl },
      );
    case 'tab':
    case 'collapse':
      return field(
        kind,
        undefined,
        {
          label: lbl,
          children: [
            field(
              kind === 'tab' ? 'tabItem' : 'collapseItem',
              undefined,
              { label: '页', children: [field('comInput', `${vm}_c`, { label: '子项' })] },
              { title: '页', name: '1' },
            ),
          ],
        },
        {},
      );
    case 'table':
      return field(kind, vm, { label: lbl, children: [field('comInput', 'c1', { label: '列' })] });
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'cascader':
    case 'treeSelect':
      return field(kind, vm, { label: lbl }, { __slot__: { options: opts } });
    case 'dicSelect':
      return field(kind, vm, { label: lbl, dictionaryType: 'expenseType' });
    case 'billRule':
      return field(kind, vm, { label: lbl, rule: 'expense' });
    case 'relationForm':
      return field(kind, vm, { label: lbl }, { modelId: 'contracts', relationField: 'title' });
    case 'popupSelect':
    case 'popupTableSelect':
      return field(
        kind,
        vm,
        { label: lbl },
        { interfaceId: 'customers', propsValue: 'id', relationField: 'name' },
      );
    case 'relationFormAttr':
      return field(kind, undefined, { label: lbl }, { relationField: 'x', showField: 'y' });
    case 'popupAttr':
      return field(kind, undefined, { label: lbl }, { relationField: 'x', showField: 'y' });
    case 'calculate':
      return field(kind, vm, { label: lbl }, { expression: ['1', '+', '2'] });
    case 'JNPFText':
    case 'groupTitle':
    case 'divider':
      return field(kind, undefined, { label: lbl }, { content: label(`内容${kind}`, `Content ${kind}`) });
    case 'link':
      return field(
        kind,
        undefined,
        { label: lbl },
        { content: label('链接', 'Link'), href: 'https://example.org' },
      );
    case 'button':
      return field(kind, undefined, { label: lbl }, { buttonText: label('按钮', 'Button') });
    case 'alert':
      return field(kind, undefined, { label: lbl }, { title: label('提示', 'Notice') });
    case 'barcode':
    case 'qrcode':
      return field(kind, undefined, { label: lbl }, { staticText: 'ABC123' });
    default:
      return field(kind, vm, { label: lbl });
  }
}

const LAYOUT = new Set(['row', 'card', 'tab', 'collapse', 'table']);
const NO_LABEL = new Set([
  'JNPFText',
  'link',
  'button',
  'alert',
  'groupTitle',
  'divider',
  'row',
  'tab',
  'collapse',
]);

describe('every component kind of @kp/schema', () => {
  it('has a widget or a layout', () => {
    for (const k of JNPF_KEYS) expect(LAYOUT.has(k) || k in WIDGETS, k).toBe(true);
  });

  it.each([...JNPF_KEYS])(
    'renders %s with its per-language label (zh, en) and read-only in view mode',
    (kind) => {
      for (const language of ['zh', 'en'] as const) {
        const { container, unmount } = renderForm([minimal(kind)], { language });
        if (!NO_LABEL.has(kind)) {
          const want = language === 'zh' ? `标签${kind}` : `Label ${kind}`;
          expect(within(container).getAllByText(want).length, `${kind} ${language}`).toBeGreaterThan(0);
        }
        unmount();
      }
      const view = renderForm([minimal(kind)], { mode: 'view' });
      const editable = [
        ...view.container.querySelectorAll('input, textarea, [contenteditable="true"]'),
      ].filter(
        (e) =>
          !(e as HTMLInputElement).disabled &&
          !(e as HTMLInputElement).readOnly &&
          e.getAttribute('type') !== 'file',
      );
      expect(
        editable.map((e) => e.outerHTML.slice(0, 80)),
        kind,
      ).toEqual([]);
      view.unmount();
    },
  );

  it('shows display kinds in the chosen language', () => {
    renderForm(['JNPFText', 'groupTitle', 'divider', 'link', 'button', 'alert'].map(minimal), {
      language: 'en',
    });
    for (const t of ['Content JNPFText', 'Content groupTitle', 'Content divider', 'Link', 'Notice']) {
      expect(screen.getByText(t)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Button' })).toBeTruthy();
    expect(screen.getByText('Link').closest('a')?.getAttribute('href')).toBe('https://example.org');
  });

  it('drops unsafe link addresses', () => {
    renderForm([field('link', undefined, {}, { content: 'x', href: 'javascript:alert(1)' })]);
    expect(screen.getByText('x').closest('a')?.getAttribute('href')).toBeNull();
  });
});

describe('basic input kinds', () => {
  it('textarea and comInput emit text; numInput emits numbers', () => {
    const { container, data } = renderForm([
      field('comInput', 's', { label: 'S' }, { maxlength: 5, showWordLimit: true }),
      field('textarea', 't', { label: 'T' }),
      field('numInput', 'n', { label: 'N' }, { min: 0, precision: 2 }),
    ]);
    fireEvent.change(container.querySelector('[data-field="s"] input') as HTMLElement, {
      target: { value: 'abc' },
    });
    fireEvent.change(container.querySelector('[data-field="t"] textarea') as HTMLElement, {
      target: { value: '多行\n文本' },
    });
    fireEvent.change(container.querySelector('[data-field="n"] input') as HTMLElement, {
      target: { value: '12.5' },
    });
    expect(data()).toMatchObject({ s: 'abc', t: '多行\n文本', n: 12.5 });
    expect(container.querySelector('[data-field="s"]')?.textContent).toContain('3 / 5');
  });

  it('switch emits its active and inactive values', () => {
    const { container, data } = renderForm([
      field('switch', 'on', { label: 'On' }, { activeValue: 'Y', inactiveValue: 'N' }),
    ]);
    const sw = container.querySelector('[data-field="on"] button[role="switch"]') as HTMLElement;
    fireEvent.click(sw);
    expect(data().on).toBe('Y');
    fireEvent.click(sw);
    expect(data().on).toBe('N');
  });

  it('radio and checkbox emit the option ids, with per-language option texts', () => {
    const { data } = renderForm([minimal('radio'), minimal('checkbox')], { language: 'en' });
    const radios = screen.getAllByRole('radio');
    fireEvent.click(radios[1]);
    expect(data().f_radio).toBe('b');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    expect(data().f_checkbox).toEqual(['a', 'b']);
    expect(screen.getAllByText('Alpha').length).toBe(2);
  });

  it('select picks an option and multiple select keeps a list; clearing empties', async () => {
    const { container, data } = renderForm([minimal('select')]);
    fireEvent.mouseDown(container.querySelector('[data-field="f_select"] .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByText('乙', { selector: '.ant-select-item-option-content' }));
    expect(data().f_select).toBe('b');
    cleanup();
    const m = renderForm([
      field('select', 'ms', { label: 'M' }, { multiple: true, __slot__: { options: opts } }),
    ]);
    fireEvent.mouseDown(m.container.querySelector('[data-field="ms"] .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByText('甲', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(await screen.findByText('乙', { selector: '.ant-select-item-option-content' }));
    expect(m.data().ms).toEqual(['a', 'b']);
  });

  it('cascader and tree select show a stored value by its option text', () => {
    const tree = [{ id: 'p', fullName: '省', children: [{ id: 'c', fullName: '市' }] }];
    const { container } = renderForm(
      [
        field('cascader', 'cas', { label: 'C' }, { __slot__: { options: tree } }),
        field('treeSelect', 'ts', { label: 'T' }, { __slot__: { options: tree } }),
      ],
      { value: { cas: ['p', 'c'], ts: 'c' } },
    );
    expect(container.querySelector('[data-field="cas"]')?.textContent).toContain('省 / 市');
    expect(container.querySelector('[data-field="ts"]')?.textContent).toContain('市');
  });

  it('date, time and ranges show stored values in the configured formats', () => {
    const ts = new Date(2026, 10, 20, 8, 30).getTime();
    const { container } = renderForm(
      [
        field('date', 'd', { label: 'D' }, { format: 'yyyy-MM-dd' }),
        field('time', 't', { label: 'T' }, { format: 'HH:mm' }),
        field('dateRange', 'dr', { label: 'DR' }),
        field('timeRange', 'tr', { label: 'TR' }),
      ],
      { value: { d: ts, t: '08:30', dr: [ts, ts + 86_400_000], tr: ['08:00:00', '09:30:00'] } },
    );
    const vals = (k: string) =>
      [...container.querySelectorAll(`[data-field="${k}"] input`)].map((i) => (i as HTMLInputElement).value);
    expect(vals('d')).toEqual(['2026-11-20']);
    expect(vals('t')).toEqual(['08:30']);
    expect(vals('dr')).toEqual(['2026-11-20', '2026-11-21']);
    expect(vals('tr')).toEqual(['08:00:00', '09:30:00']);
  });

  it('rate emits the star count and slider moves by its step', () => {
    const { container, data } = renderForm([
      field('rate', 'r', { label: 'R' }, { max: 5 }),
      field('slider', 'sl', { label: 'SL', defaultValue: 10 }, { min: 0, max: 100, step: 5 }),
    ]);
    const stars = container.querySelectorAll('[data-field="r"] .ant-rate-star > div');
    fireEvent.click(stars[3] as HTMLElement);
    expect(data().r).toBe(4);
    const handle = container.querySelector('[data-field="sl"] .ant-slider-handle') as HTMLElement;
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(data().sl).toBe(15);
  });

  it('colour picker shows its value and clears to an empty string', async () => {
    const { container } = renderForm([field('colorPicker', 'c', { label: 'C' })], {
      value: { c: '#ff0000' },
    });
    const swatch = container.querySelector(
      '[data-field="c"] .ant-color-picker-color-block-inner',
    ) as HTMLElement;
    expect(swatch.getAttribute('style')).toMatch(/rgb\(255, 0, 0\)|#ff0000/i);
  });
});

describe('organisation pickers and system fields', () => {
  it('depSelect loads the tree lazily, stores the id and refuses a disabled department', async () => {
    const { container, data } = renderForm([field('depSelect', 'dep', { label: '部门' })]);
    fireEvent.mouseDown(container.querySelector('[data-field="dep"] .ant-select') as HTMLElement);
    const drop = await waitFor(() => {
      const d = document.querySelector('.ant-select-tree') as HTMLElement;
      if (!d?.textContent?.includes('总部')) throw new Error('not loaded');
      return d;
    });
    fireEvent.click(drop.querySelector('.ant-select-tree-switcher') as HTMLElement);
    fireEvent.click(await within(drop).findByText('停用部'));
    expect(await screen.findByText('禁用项不能选择')).toBeTruthy();
    expect(data().dep ?? null).toBeNull();
    fireEvent.click(within(drop).getByText('研发部'));
    expect(data().dep).toBe('dep1');
  });

  it('comSelect stores the id path; existing values show their names', async () => {
    const { container } = renderForm([field('depSelect', 'dep', { label: '部门' })], {
      value: { dep: 'dep1' },
    });
    await waitFor(() =>
      expect(container.querySelector('[data-field="dep"]')?.textContent).toContain('研发部'),
    );
  });

  it('usersSelect opens the user picker with its three tabs', async () => {
    const { container } = renderForm([field('usersSelect', 'us', { label: '人员' }, { multiple: true })]);
    fireEvent.click(container.querySelector('[data-field="us"] .ant-select') as HTMLElement);
    const m = await waitFor(() => document.querySelector('.ant-modal') as HTMLElement);
    for (const t of ['全部数据', '当前组织', '我的下属']) expect(within(m).getByText(t)).toBeTruthy();
  });

  it('system fields are read-only and show the value or 系统自动生成', () => {
    const kinds = [
      'createUser',
      'createTime',
      'modifyUser',
      'modifyTime',
      'currOrganize',
      'currDept',
      'currPosition',
    ];
    const { container } = renderForm(
      kinds.map((k) => field(k, k, { label: k })),
      { value: { createUser: '张三' } },
    );
    for (const k of kinds) {
      const input = container.querySelector(`[data-field="${k}"] input`) as HTMLInputElement;
      expect(input.readOnly || input.disabled, k).toBe(true);
      if (k === 'createUser') expect(input.value).toBe('张三');
      else expect(input.placeholder).toBe('系统自动生成');
    }
  });

  it('calculate is read-only and shows its result', async () => {
    const { container, data } = renderForm([minimal('calculate')], { calcDebounceMs: 0 });
    await waitFor(() => expect(data().f_calculate).toBe(3));
    const input = container.querySelector('[data-field="f_calculate"] input') as HTMLInputElement;
    expect(input.readOnly || input.disabled).toBe(true);
    act(() => {});
  });
});

describe('barcode formats (spec 3 §9)', () => {
  const SAMPLES: Record<string, string> = {
    code128: 'KP2026',
    ean13: '5901234123457',
    ean8: '96385074',
    ean5: '54495',
    ean2: '53',
    code39: 'KP2026',
    itf14: '12345678901231',
    msi10: '1234',
    msi11: '1234',
    pharmacode: '1234',
    upc: '123456789999',
    codabar: '1234',
  };
  it.each(Object.entries(SAMPLES))('draws %s', (format, staticText) => {
    const { container } = renderForm([
      field('barcode', undefined, { label: '条码' }, { format, staticText }),
    ]);
    const svg = container.querySelector('svg.kp-barcode') as SVGElement;
    expect(svg.querySelectorAll('rect').length, format).toBeGreaterThan(2);
  });
  it('draws nothing for a text the symbology refuses (a wrong EAN-13 check digit)', () => {
    const { container } = renderForm([
      field('barcode', undefined, { label: '条码' }, { format: 'ean13', staticText: '5901234123450' }),
    ]);
    expect(container.querySelectorAll('svg.kp-barcode rect')).toHaveLength(0);
  });
});
