import { createStore } from './createStore';
import { storage } from './storage';

export const LAYOUT_TYPES = ['classic', 'functional', 'plain', 'blend'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** The eight theme colours of the settings drawer (spec 1 §2.4). */
export const THEME_COLORS = {
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#13c2c2',
  ocean: '#0960bd',
  green: '#52c41a',
  yellow: '#faad14',
  orange: '#fa8c16',
  red: '#f5222d',
} as const;
export type ThemeColorName = keyof typeof THEME_COLORS;
/**
 * Default colour: the spec names #3B75F0, #409eff and #1890ff; we pick #1890ff (the "blue" swatch, antd's
 * classic primary) so that the default is one of the eight offered colours.
 */
export const DEFAULT_THEME_COLOR: ThemeColorName = 'blue';

export interface Settings {
  layoutType: LayoutType;
  /** Side menu colour scheme. */
  slideClass: 'dark' | 'light';
  themeClass: ThemeColorName;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  useCache: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** Sidebar open (1) or closed (0); stored as 0 or 1. */
  sidebarStatus: 0 | 1;
  /** Component size of the size switcher (spec 4 §9 font sizes: default, medium, small, mini). */
  size: ComponentSizeName;
}

export const COMPONENT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type ComponentSizeName = (typeof COMPONENT_SIZES)[number];

/** Defaults of spec 1 §3: layoutType classic, slideClass dark, tagsView on, fixedHeader off, sidebarLogo on. */
export const DEFAULT_SETTINGS: Settings = {
  layoutType: 'classic',
  slideClass: 'dark',
  themeClass: DEFAULT_THEME_COLOR,
  tagsView: true,
  tagsIcon: true,
  showLanguage: true,
  showSearch: true,
  useCache: true,
  fixedHeader: false,
  sidebarLogo: true,
  sidebarStatus: 1,
  size: 'default',
};

export function isLayoutType(v: unknown): v is LayoutType {
  return typeof v === 'string' && (LAYOUT_TYPES as readonly string[]).includes(v);
}

/** A layout theme from the server (login response) that is not one of the four falls back to classic. */
export function normaliseLayout(v: unknown): LayoutType {
  return isLayoutType(v) ? v : 'classic';
}

function load(): Settings {
  const s = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const stored = storage.get<unknown>(key, undefined);
    if (stored === undefined || stored === null) continue;
    if (typeof stored !== typeof DEFAULT_SETTINGS[key]) continue;
    (s as unknown as Record<string, unknown>)[key] = stored;
  }
  s.layoutType = normaliseLayout(s.layoutType);
  if (!(s.themeClass in THEME_COLORS)) s.themeClass = DEFAULT_THEME_COLOR;
  if (s.slideClass !== 'light') s.slideClass = 'dark';
  s.sidebarStatus = s.sidebarStatus === 0 ? 0 : 1;
  if (!(COMPONENT_SIZES as readonly string[]).includes(s.size)) s.size = 'default';
  return s;
}

export const settingsStore = createStore<Settings>(load());

/** Changes one setting and persists it as jnpf_{key}. */
export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  storage.set(key, value);
  settingsStore.set((s) => ({ ...s, [key]: value }));
}

export function primaryColor(s: Settings): string {
  return THEME_COLORS[s.themeClass] ?? THEME_COLORS[DEFAULT_THEME_COLOR];
}
