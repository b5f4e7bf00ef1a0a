import { PORTAL_WIDGETS, validatePortalLayout } from '@kp/schema';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addAppItem,
  arrange,
  clampHeight,
  clampRowCount,
  clampWidth,
  compact,
  newWidget,
  overlaps,
  pack,
  placeAt,
  removeAppItem,
} from './model';
import { PortalDesigner } from './PortalDesigner';
import { toGridLayout } from './PortalGrid';

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

describe('portal grid: free placement', () => {
  const w = (k: string, x: number, y: number, width = 12, height = 300) => ({
    ...newWidget('portalNews', k),
    x,
    y,
    w: width,
    height,
    h: height / 10,
  });

  it('places a widget at any column; a widget landed on moves below it; the grid compacts upwards', () => {
    const a = w('a', 0, 0);
    const b = w('b', 12, 0);
    // a to the right half, onto b: a keeps the cell, b goes below it
    const l1 = placeAt([a, b], 'a', 12, 0);
    expect(l1.map((x) => [x.i, x.x, x.y])).toEqual([
      ['a', 12, 0],
      ['b', 12, 30],
    ]);
    // a dropped low in an empty column rises to the top (vertical compaction)
    const l2 = placeAt([a, b], 'a', 6, 80);
    expect(l2.find((x) => x.i === 'a')).toMatchObject({ x: 6, y: 30 });
    const l3 = placeAt([a, b], 'a', 0, 80);
    expect(l3.find((x) => x.i === 'a')).toMatchObject({ x: 0, y: 0 });
    // x is kept inside the 24 columns
    expect(placeAt([a], 'a', 20, 0)[0]).toMatchObject({ x: 12, w: 12 });
    // a saved layout with overlapping or missing positions falls back to the row flow
    expect(arrange([w('p', 0, 0), w('q', 0, 0)]).map((x) => [x.x, x.y])).toEqual([
      [0, 0],
      [12, 0],
    ]);
  });

  it('property: any sequence of moves and resizes leaves a layout without overlaps that validates', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            k: fc.constantFrom(...PORTAL_WIDGETS),
            w: fc.integer({ min: 1, max: 30 }),
            h: fc.integer({ min: 0, max: 1200 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.array(
          fc.record({
            who: fc.nat(),
            x: fc.integer({ min: -3, max: 30 }),
            y: fc.integer({ min: -3, max: 300 }),
            w: fc.option(fc.integer({ min: 1, max: 30 })),
          }),
          { maxLength: 12 },
        ),
        (specs, moves) => {
          let items = compact(
            specs.map((s, i) => ({ ...newWidget(s.k, `k${i}`), x: 0, y: i * 200, w: s.w, height: s.h })),
          );
          for (const m of moves) {
            const it = items[m.who % items.length]!;
            if (m.w !== null) items = items.map((x) => (x.i === it.i ? { ...x, w: m.w! } : x));
            items = placeAt(items, String(it.i), m.x, m.y);
          }
          for (const [i, a] of items.entries())
            for (const b of items.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
          const r = validatePortalLayout({ layout: items });
          expect(r.ok ? [] : r.errors).toEqual([]);
          expect(items).toHaveLength(specs.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the grid is react-grid-layout: saved x, y, w, h are its item coordinates one to one', () => {
    const items = [w('a', 0, 0), w('b', 12, 0, 12, 400)];
    expect(toGridLayout(items, false).map(({ i, x, y, w: wd, h }) => ({ i, x, y, w: wd, h }))).toEqual([
      { i: 'a', x: 0, y: 0, w: 12, h: 30 },
      { i: 'b', x: 12, y: 0, w: 12, h: 40 },
    ]);
    expect(toGridLayout(items, true).every((it) => it.static)).toBe(true);
    render(<PortalDesigner value={{ layout: items }} />);
    expect(screen.getByTestId('portal-item-b').className).toContain('react-grid-item');
    expect(screen.getByTestId('portal-item-b').dataset.x).toBe('12');
  });

  it('resizing with the width slider pushes the neighbour it now covers below it', async () => {
    const onChange = vi.fn();
    render(<PortalDesigner value={{ layout: [w('a', 0, 0), w('b', 12, 0)] }} onChange={onChange} />);
    expect(screen.getByTestId('portal-item-b').dataset.x).toBe('12');
    fireEvent.click(within(screen.getByTestId('portal-item-a')).getAllByText('新闻资讯')[0]!);
    const slider = within(screen.getByTestId('portal-props')).getAllByRole('slider')[0]!;
    fireEvent.keyDown(slider, { key: 'End', keyCode: 35, which: 35 });
    const last = onChange.mock.calls.at(-1)![0].layout as Array<{
      i: string;
      x: number;
      y: number;
      w: number;
    }>;
    expect(last.find((x) => x.i === 'a')).toMatchObject({ x: 0, y: 0, w: 24 });
    expect(last.find((x) => x.i === 'b')).toMatchObject({ x: 12, y: 30 });
    expect(screen.getByTestId('portal-item-b').dataset.y).toBe('30');
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

  it('controlled: a new value replaces the grid; the layout from onChange passed back keeps it', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <PortalDesigner value={{ layout: [newWidget('portalNews', 'n1')] }} onChange={onChange} />,
    );
    expect(screen.getByTestId('portal-item-n1')).toBeTruthy();
    rerender(
      <PortalDesigner
        value={{ layout: [newWidget('portalToDo', 't1'), newWidget('portalMessage', 'm1')] }}
        onChange={onChange}
      />,
    );
    expect(screen.queryByTestId('portal-item-n1')).toBeNull();
    expect(screen.getByTestId('portal-item-m1').dataset.x).toBe('12');
    fireEvent.click(screen.getByTestId('portal-palette-portalNotices'));
    const echoed = onChange.mock.calls.at(-1)![0];
    rerender(<PortalDesigner value={echoed} onChange={onChange} />);
    expect(screen.getAllByTestId(/^portal-item-/)).toHaveLength(3);
    expect(onChange).toHaveBeenCalledTimes(1);
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
