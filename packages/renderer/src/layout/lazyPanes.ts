import type { CardProps, CollapseProps, TabsProps } from 'antd';
import { lazyComponent } from '../widgets/lazy';

// Card, tab and collapse containers: their antd code (Card brings Tabs along) is fetched by the forms using them.
export const Card = lazyComponent<CardProps>(() => import('./panes').then((m) => m.Card));
export const Tabs = lazyComponent<TabsProps>(() => import('./panes').then((m) => m.Tabs));
export const Collapse = lazyComponent<CollapseProps>(() => import('./panes').then((m) => m.Collapse));

/** Fetches the card, tab and collapse containers' code ahead (preloadWidgets does, for tests and eager hosts). */
export const preloadLayouts = (): Promise<unknown> =>
  Promise.all([Card.preload(), Tabs.preload(), Collapse.preload()]);
