import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG_APPS_MIN, PORTAL_WIDGETS, validatePortal, validatePortalLayout } from './portal';

const app = (id: string) => ({ fullName: id, id, urlAddress: `x/${id}`, type: 2, linkTarget: '_self' });
const item = (jnpfKey: string, extra: Record<string, unknown> = {}) => ({
  i: jnpfKey,
  x: 0,
  y: 0,
  w: 12,
  h: 10,
  jnpfKey,
  ...extra,
});
const portal = (layout: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  fullName: '门户',
  enCode: 'home',
  sortCode: 0,
  enabledMark: 1,
  category: '1',
  formData: { layout },
  ...extra,
});

describe('validatePortal', () => {
  it('accepts every widget with in-range settings, formData as object or JSON text', () => {
    const layout = PORTAL_WIDGETS.map((k, n) =>
      item(k, {
        i: `w${n}`,
        y: n * 10,
        minW: 6,
        maxW: 24,
        height: 300,
        rowCount: 6,
        shadow: 'hover',
        header: { zh: '标题', en: 'Title' },
        ...(k === 'portalApplication' ? { list: [app('a'), app('b')] } : {}),
        ...(k === 'portalToDo'
          ? {
              category: 1,
              columns: ['status', 'fullName', 'remindText', 'userName', 'origins', 'creatorTime'],
            }
          : {}),
        ...(k === 'portalCirculate' ? { category: 3 } : {}),
      }),
    );
    expect(validatePortal(portal(layout))).toMatchObject({ ok: true });
    expect(validatePortal(portal([], { formData: JSON.stringify({ layout }) }))).toMatchObject({ ok: true });
  });

  it('enforces the spec limits with readable paths', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ w: 7 }, 'formData.layout[0].w'],
      [{ w: 26 }, 'formData.layout[0].w'],
      [{ height: 99 }, 'formData.layout[0].height'],
      [{ height: 1001 }, 'formData.layout[0].height'],
      [{ rowCount: 4 }, 'formData.layout[0].rowCount'],
      [{ rowCount: 51 }, 'formData.layout[0].rowCount'],
      [{ shadow: 'sometimes' }, 'formData.layout[0].shadow'],
      [{ category: 2 }, 'formData.layout[0].category'],
      [{ columns: ['status', 'status'] }, 'formData.layout[0].columns'],
      [{ columns: ['avatar'] }, 'formData.layout[0].columns[0]'],
      [{ jnpfKey: 'portalWeather' }, 'formData.layout[0].jnpfKey'],
      [{ x: 16, w: 12 }, 'formData.layout[0].w'],
      [{ minW: 12, maxW: 8 }, 'formData.layout[0].minW'],
    ];
    for (const [extra, path] of cases) {
      const r = validatePortal(portal([item('portalToDo', extra)]));
      expect(r.ok ? [] : r.errors.map((e) => e.path), JSON.stringify(extra)).toContain(path);
    }
    const r = validatePortal({ ...portal([]), enCode: '' });
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toContain('enCode');
  });

  it('application widget keeps 2 to 6 items: 选项最少要保留两项', () => {
    const one = validatePortal(portal([item('portalApplication', { list: [app('a')] })]));
    expect(one.ok ? [] : one.errors).toEqual([{ path: 'formData.layout[0].list', message: MSG_APPS_MIN }]);
    expect(MSG_APPS_MIN).toBe('选项最少要保留两项');
    const none = validatePortalLayout({ layout: [item('portalApplication')] });
    expect(none.ok ? '' : none.errors[0]?.message).toBe('选项最少要保留两项');
    const seven = validatePortalLayout({
      layout: [item('portalApplication', { list: 'abcdefg'.split('').map(app) })],
    });
    expect(seven.ok).toBe(false);
    const six = validatePortalLayout({
      layout: [item('portalApplication', { list: 'abcdef'.split('').map(app) })],
    });
    expect(six.ok).toBe(true);
  });

  it('refuses duplicate keys and bad JSON text', () => {
    const dup = validatePortalLayout({ layout: [item('portalNews'), item('portalNews', { y: 10 })] });
    expect(dup.ok ? [] : dup.errors.map((e) => e.path)).toEqual(['layout[1].i']);
    const bad = validatePortal(portal([], { formData: '{"layout":' }));
    expect(bad.ok ? [] : bad.errors).toEqual([{ path: 'formData', message: 'is not valid JSON' }]);
  });

  it('never throws on random JSON or deep nesting', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(typeof validatePortal(json).ok).toBe('boolean');
        expect(typeof validatePortalLayout(json).ok).toBe('boolean');
        expect(typeof validatePortal(portal([], { formData: JSON.stringify(json) })).ok).toBe('boolean');
        expect(typeof validatePortalLayout({ layout: [json] }).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(validatePortal(portal([], { formData: deep })).ok).toBe(false);
    const deepText = `{"layout":[${'['.repeat(50_000)}1${']'.repeat(50_000)}]}`;
    expect(validatePortal(portal([], { formData: deepText })).ok).toBe(false);
  }, 60_000);
});
