import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from './store/settings';
import { accessibleShade, contrast, kpTheme, STATUS, TEXT_PLACEHOLDER, TEXT_SECONDARY } from './theme';

describe('theme colours (WCAG AA)', () => {
  it('the default brand #1890ff fails AA under white text; its shade passes and stays blue', () => {
    expect(contrast('#ffffff', '#1890ff')).toBeLessThan(4.5);
    const shade = accessibleShade('#1890ff');
    expect(contrast('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    // as text on the light tint antd puts behind selected items
    expect(contrast(shade, '#e6f4ff')).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r + 100);
    expect(b).toBeGreaterThan(g);
  });

  it('every swatch of the settings drawer becomes an AA primary, link and info colour', () => {
    for (const brand of Object.values(THEME_COLORS)) {
      const t = kpTheme({ brand, compact: false });
      const primary = t.token?.colorPrimary as string;
      expect(contrast('#ffffff', primary), brand).toBeGreaterThanOrEqual(4.5);
      expect(contrast(primary, '#f5f5f5'), brand).toBeGreaterThanOrEqual(4.5);
      expect(t.token?.colorLink).toBe(primary);
      expect(t.token?.colorInfo).toBe(primary);
    }
    // a colour that already passes is kept as it is
    expect(accessibleShade('#0960bd')).toBe('#0960bd');
  });

  it('status, secondary and placeholder text pass AA on white', () => {
    for (const c of [STATUS.error, STATUS.success, STATUS.warning, TEXT_SECONDARY, TEXT_PLACEHOLDER])
      expect(contrast(c, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
    // antd's own defaults do not (what the theme replaces)
    for (const c of ['#ff4d4f', '#52c41a', '#8c8c8c', '#1677ff'])
      expect(contrast(c, '#ffffff'), c).toBeLessThan(4.5);
  });
});
