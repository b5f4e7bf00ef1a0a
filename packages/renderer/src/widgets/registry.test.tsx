import { isEditableKind, registeredKinds } from '@kp/engine';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { takesNoInput } from '../form/fieldState';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';
import { lazyWidget } from './lazy';
import { preloadWidgets, registerWidget, WIDGETS, widgetEntry, widgetOf } from './registry';
import type { WidgetProps } from './types';

afterEach(cleanup);

describe('widget registry', () => {
  it('an unknown kind draws a message naming the field and the kind; the other fields still render', () => {
    renderForm([
      field('comInput', 'name', { label: { zh: '姓名', zhtw: '姓名', en: 'Name' } }),
      field('signaturePad', 'sign', { label: { zh: '签名', zhtw: '簽名', en: 'Signature' } }),
    ]);
    expect(screen.getByRole('alert').textContent).toBe(
      '字段「签名」的控件类型 signaturePad 未注册，无法显示',
    );
    expect(screen.getByText('姓名')).toBeTruthy();
  });

  it('names the unknown kind in the chosen language, in a sub-table cell too', () => {
    renderForm(
      [
        field('table', 'lines', {
          label: 'Lines',
          children: [field('mystery', 'x', { label: { zh: '神秘', zhtw: '神秘', en: 'Mystery' } })],
        }),
      ],
      { language: 'en', value: { lines: [{ x: 1 }] } },
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Field "Mystery": the control kind mystery is not registered, so it cannot be shown',
    );
  });

  it('registerWidget adds a kind (a component or a lazily loaded one) and its undo restores the registry', async () => {
    const Stars = (name: string) =>
      function Stars({ value, onChange }: WidgetProps) {
        return (
          <button type="button" onClick={() => onChange(Number(value ?? 0) + 1)}>
            {name} {String(value ?? 0)}
          </button>
        );
      };
    const undo = registerWidget('stars', { widget: Stars('stars'), commitOnChange: true });
    const undoLazy = registerWidget('lazyStars', { load: () => Promise.resolve(Stars('lazy')) });
    try {
      const { data } = renderForm([
        field('stars', 's', { label: '星' }),
        field('lazyStars', 'l', { label: '懒' }),
      ]);
      screen.getByRole('button', { name: 'stars 0' }).click();
      await waitFor(() => expect(data().s).toBe(1));
      // the lazy one shows a skeleton first, then the widget
      await screen.findByRole('button', { name: 'lazy 0' });
    } finally {
      undo();
      undoLazy();
    }
    expect(WIDGETS.stars).toBeUndefined();
    expect(widgetOf('stars').name).toBe('UnknownKindWidget');
  });

  it('a widget whose code fails to load shows a message naming the field', async () => {
    const undo = registerWidget('broken', { load: () => Promise.reject(new Error('chunk 404')) });
    try {
      renderForm([field('broken', 'b', { label: { zh: '坏控件', zhtw: '壞控件', en: 'Broken' } })]);
      expect((await screen.findByRole('alert')).textContent).toBe(
        '字段「坏控件」的控件加载失败，请刷新页面重试',
      );
    } finally {
      undo();
    }
  });

  it('heavy kinds are lazy and preload resolves them all', async () => {
    for (const k of ['editor', 'barcode', 'qrcode', 'uploadImg', 'uploadFz', 'address', 'userSelect', 'date'])
      expect('preload' in WIDGETS[k], k).toBe(true);
    for (const k of ['comInput', 'numInput', 'select', 'JNPFAmount', 'calculate'])
      expect('preload' in WIDGETS[k], k).toBe(false);
    await preloadWidgets();
    const lazy = lazyWidget(
      () => Promise.resolve({ W: () => null }),
      (m) => m.W,
    );
    await lazy.preload();
  });

  it('draws read-only exactly the kinds the engine says take no input (attributes of a related record too)', () => {
    for (const k of registeredKinds())
      if (widgetEntry(k.key)) expect(takesNoInput(k.key), k.key).toBe(!isEditableKind(k.key));
    expect(takesNoInput('popupAttr')).toBe(true);
    expect(takesNoInput('relationFormAttr')).toBe(true);
    expect(takesNoInput('calculate')).toBe(true);
    expect(takesNoInput('comInput')).toBe(false);
    // a host's own kind, unknown to the engine, is read-only only when registered so
    expect(takesNoInput('stamp')).toBe(false);
    const undo = registerWidget('stamp', { widget: () => null, readonly: true, noLabel: true });
    try {
      expect(takesNoInput('stamp')).toBe(true);
      expect(widgetEntry('stamp')?.noLabel).toBe(true);
    } finally {
      undo();
    }
    expect(widgetEntry('stamp')).toBeUndefined();
  });
});
