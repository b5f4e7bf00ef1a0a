import { Alert, Skeleton } from 'antd';
import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';
import { useRender } from '../form/context';
import { labelOf } from '../form/fieldUtil';
import type { Widget, WidgetProps } from './types';

/** A widget whose code is fetched on first use; `preload()` fetches it ahead (tests, hosts that prefer). */
export type LazyWidget = Widget & { preload(): Promise<void> };

const fieldName = (props: WidgetProps, language: Parameters<typeof labelOf>[1]): string =>
  labelOf(props.field, language) || props.field.__vModel__ || '';

/** Shown in place of a widget whose module failed to load: names the field, the form stays usable. */
function LoadFailed(props: WidgetProps) {
  const { t, language } = useRender();
  return createElement(Alert, {
    type: 'error',
    showIcon: true,
    role: 'alert',
    title: t('widgetLoadFailed', { field: fieldName(props, language) }),
  });
}

function Loading() {
  const { t } = useRender();
  return createElement(
    'span',
    { 'aria-busy': true, 'aria-label': t('widgetLoading') },
    createElement(Skeleton.Input, { active: true, size: 'small', block: true }),
  );
}

/** A component fetched on first render (no placeholder); `preload()` fetches it ahead. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (c) => {
        loaded = c;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function LazyComponentOf(props: P) {
    // decided once per mounted instance: switching from the lazy path to the loaded component later would
    // remount it and lose its state
    const [direct] = useState(() => loaded !== null);
    if (direct && loaded) return createElement(loaded, props);
    return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  }
  return Object.assign(LazyComponentOf, { preload });
}

/**
 * Wraps a dynamically imported widget module. Until the module is in, the field shows a small skeleton in its
 * own Suspense boundary (the rest of the form is drawn at once); once loaded, later renders are synchronous.
 */
export function lazyWidget<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<WidgetProps>,
): LazyWidget {
  let loaded: ComponentType<WidgetProps> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (m) => {
        loaded = pick(m);
      },
      (e: unknown) => {
        pending = null; // a later render may retry (e.g. after a network blip)
        loaded = null;
        throw e;
      },
    );
    return pending;
  };
  const Lazy = lazy(() =>
    preload().then(
      () => ({ default: loaded as ComponentType<WidgetProps> }),
      () => ({ default: LoadFailed }),
    ),
  );
  function LazyWidgetOf(props: WidgetProps) {
    // decided once per mounted field: switching paths after the load would remount the widget (state lost)
    const [direct] = useState(() => loaded !== null);
    if (direct && loaded) return createElement(loaded, props);
    return createElement(Suspense, { fallback: createElement(Loading) }, createElement(Lazy, props));
  }
  return Object.assign(LazyWidgetOf, { preload });
}
