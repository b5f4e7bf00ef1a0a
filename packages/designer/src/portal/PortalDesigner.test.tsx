import { PORTAL_WIDGETS, validatePortalLayout } from '@kp/schema';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAppItem, clampHeight, clampRowCount, clampWidth, newWidget, pack, removeAppItem } from './model';
import { PortalDesigner } from './PortalDesigner';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });

afterEach(cleanup);

describe('portal model', () => {
  it('width: min minW (6), step 2, max 24; height 100..1000; rowCount 5..50', () => {
    expect(clampWidth(1)).toBe(6);
    expect(clampWidth(7)).toBe(8);
    expect(clampWidth(30)).toBe(24);
    expect(clampWidth(8, 10)).toBe(10);
    expect(clampHeight(50)).toBe(100);
    expect(clampHeight(2000)).toBe(1000);
    expect(clampRowCount(1)).toBe(5);
    expect(clampRowCount(99)).toBe(50);
  });

  it('application widget keeps 2..6 items: 选项最少要保留两项', () => {
    const w = newWidget('portalApplication', 'a');
    expect(removeAppItem(w.list!, 0)).toEqual({ ok: false, error: 'msg.minTwoItems' });
    let list = w.list!;
    for (let i = 3; i <= 6; i++) {
      const r = addAppItem(list, { id: String(i), fullName: `x${i}` });
      expect(r.ok).toBe(true);
      if (r.ok) list = r.list;
    }
    expect(addAppItem(list, { id: '7', fullName: 'x' })).toEqual({ ok: false, error: 'msg.maxSixItems' });
    expect(removeAppItem(list, 0).ok).toBe(true);
  });

  it('property: any packed layout of any widgets validates with validatePortalLayout', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            k: fc.constantFrom(...PORTAL_WIDGETS),
            w: fc.integer({ min: -5, max: 40 }),
            h: fc.integer({ min: 0, max: 3000 }),
          }),
          { maxLength: 20 },
        ),
        (specs) => {
          const items = specs.map((s, i) => ({
            ...newWidget(s.k, `k${i}`),
            w: s.w,
            height: clampHeight(s.h),
          }));
          const packed = pack(items);
          const r = validatePortalLayout({ layout: packed });
          expect(r.ok ? [] : r.errors).toEqual([]);
          for (const it of packed) expect(it.x + it.w).toBeLessThanOrEqual(24);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('PortalDesigner', () => {
  it('adds widgets, edits properties and saves a layout that validates', async () => {
    const onSave = vi.fn();
    render(<PortalDesigner onSave={onSave} />);
    expect(screen.getAllByTestId(/^portal-palette-/)).toHaveLength(12);
    fireEvent.click(screen.getByTestId('portal-palette-portalToDo'));
    fireEvent.click(screen.getByTestId('portal-palette-portalApplication'));
    const props = screen.getByTestId('portal-props');
    const apps = within(props).getByTestId('portal-apps');
    fireEvent.click(within(apps).getAllByTestId('portal-app-remove')[0]!);
    expect(await screen.findByText('选项最少要保留两项', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('portal-save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    const layout = onSave.mock.calls[0]![0];
    expect(layout.layout.map((x: { jnpfKey: string }) => x.jnpfKey)).toEqual([
      'portalToDo',
      'portalApplication',
    ]);
    expect(validatePortalLayout(layout).ok).toBe(true);
  });

  it('preview shows the widgets read-only', () => {
    render(
      <PortalDesigner
        value={{ layout: [newWidget('portalNews', 'n1')] }}
        renderWidget={(it) => <b>W:{it.jnpfKey}</b>}
      />,
    );
    fireEvent.click(screen.getByTestId('portal-preview'));
    const body = screen.getByTestId('portal-preview-body');
    expect(within(body).getByText('W:portalNews')).toBeTruthy();
    expect(within(body).queryByTestId('portal-remove-n1')).toBeNull();
  });
});
