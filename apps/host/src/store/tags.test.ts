import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, type TagView } from './tags';

const v = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  query: '',
  title: path,
  zhTitle: path,
  ...extra,
});
const home = v('/home', { affix: true });

describe('tag bar rules (spec 1 §2.4)', () => {
  it('adds a view once and updates its entry when the query differs', () => {
    let views = addView([home], v('/a'));
    views = addView(views, v('/a'));
    expect(views.map((x) => x.path)).toEqual(['/home', '/a']);
    views = addView(views, v('/a', { query: '?id=2', fullPath: '/a?id=2' }));
    expect(views[1].fullPath).toBe('/a?id=2');
  });
  it('never closes a fixed tab', () => {
    expect(closeView([home, v('/a')], '/home', '/home').views).toHaveLength(2);
  });
  it('closing the active tab goes to the last remaining tab, or to / when none is left', () => {
    expect(closeView([home, v('/a'), v('/b')], '/b', '/b')).toEqual({
      views: [home, v('/a')],
      navigateTo: '/a',
    });
    expect(closeView([home, v('/a'), v('/b')], '/a', '/b')).toEqual({ views: [home, v('/b')] });
    expect(closeView([v('/a')], '/a', '/a')).toEqual({ views: [], navigateTo: '/' });
  });
  it('close others keeps fixed tabs and the chosen one; close all keeps fixed tabs', () => {
    expect(closeOthers([home, v('/a'), v('/b')], '/b').map((x) => x.path)).toEqual(['/home', '/b']);
    expect(closeAll([home, v('/a')], '/a')).toEqual({ views: [home], navigateTo: '/home' });
  });
  it('property: closing keeps every fixed tab and never adds one', () => {
    const paths = fc.uniqueArray(fc.constantFrom('/a', '/b', '/c', '/d', '/e'), { minLength: 1 });
    fc.assert(
      fc.property(paths, fc.nat(), fc.nat(), (ps, i, j) => {
        const views = [home, ...ps.map((p) => v(p))];
        const target = views[i % views.length].path;
        const active = views[j % views.length].path;
        const r = closeView(views, target, active);
        expect(r.views.some((x) => x.path === '/home')).toBe(true);
        expect(r.views.every((x) => views.includes(x))).toBe(true);
        if (target !== '/home') expect(r.views.some((x) => x.path === target)).toBe(false);
        if (r.navigateTo) expect(target).toBe(active);
      }),
    );
  });
});
