import type { ThemeConfig } from 'antd';
// antd's compact algorithm alone: the `theme` export also carries the dark one and getDesignToken.
import compactAlgorithm from 'antd/es/theme/themes/compact';

/**
 * The host's antd theme: the brand colour the user chose (settings drawer), shaded just enough that text on it
 * (white on primary buttons, selected menu and tags) and it as text (links, tabs, row actions) reach WCAG AA
 * contrast, and the status, secondary and placeholder text colours darkened to AA on white. Everything goes
 * through ConfigProvider tokens, so antd's own styles carry it; host CSS reads the same colours from the CSS
 * variables set by `applyThemeVariables`.
 */

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function rgbOf(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The colour itself when it already reaches `ratio` against white, else the lightest shade of it (same hue and
 * saturation, lower lightness) that does. 5.3:1 on white leaves room for the light tints antd puts behind
 * primary text (selected menu item, processing tag) and for the #f5f5f5 of table headers.
 */
export function accessibleShade(hex: string, ratio = 5.3): string {
  if (contrast(hex, '#ffffff') >= ratio) return hex.toLowerCase();
  const [h, s, l0] = toHsl(hex);
  for (let l = l0; l > 0; l -= 0.005) {
    const c = fromHsl(h, s, l);
    if (contrast(c, '#ffffff') >= ratio) return c;
  }
  return '#000000';
}

/** antd's status colours, shaded to AA as text on white and under white text. */
export const STATUS = {
  error: accessibleShade('#ff4d4f'),
  success: accessibleShade('#52c41a'),
  warning: accessibleShade('#faad14'),
} as const;

/** Secondary and placeholder text (antd's are 45% and 25% black: 3.4:1 and 1.6:1 on white). */
export const TEXT_SECONDARY = '#666666';
export const TEXT_PLACEHOLDER = '#737373';

/**
 * Tag and badge preset colours: antd draws a preset tag's text in the palette's 7th shade of the seed, on its
 * 1st tint. Seeding each preset with antd's own 7th shade moves the text one step darker (AA on the tint)
 * while the tints stay in the same hue.
 */
const PRESETS = {
  blue: '#0958d9',
  // one shade darker again: on green's generated tint the 7th shade of #389e0d was 3.99:1 (user list state tags)
  green: '#237804',
  red: '#cf1322',
  orange: '#d46b08',
  gold: '#d48806',
  cyan: '#08979c',
  purple: '#531dab',
  volcano: '#d4380d',
  magenta: '#c41d7f',
  geekblue: '#1d39c4',
  lime: '#7cb305',
  yellow: '#d4b106',
} as const;

export interface KpThemeInput {
  brand: string;
  fontSize?: number;
  compact: boolean;
}

export function kpTheme({ brand, fontSize, compact }: KpThemeInput): ThemeConfig {
  const primary = accessibleShade(brand);
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      colorError: STATUS.error,
      colorSuccess: STATUS.success,
      colorWarning: STATUS.warning,
      colorTextDescription: TEXT_SECONDARY,
      colorTextTertiary: TEXT_SECONDARY,
      colorTextPlaceholder: TEXT_PLACEHOLDER,
      ...PRESETS,
      ...(fontSize ? { fontSize } : {}),
    },
    algorithm: compact ? compactAlgorithm : undefined,
  };
}

/** The theme colours for the host's own CSS (layout.css and the views' CSS use var(--kp-…)). */
export function applyThemeVariables(brand: string, root: HTMLElement = document.documentElement): void {
  const primary = accessibleShade(brand);
  root.style.setProperty('--kp-primary', primary);
  root.style.setProperty('--kp-text-secondary', TEXT_SECONDARY);
  root.style.setProperty('--kp-error', STATUS.error);
  root.style.setProperty('--kp-success', STATUS.success);
}
