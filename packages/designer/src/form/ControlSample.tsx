import {
  createMemoryProviders,
  createRendererI18n,
  FormStore,
  RenderContext,
  type RenderContextValue,
  WIDGETS,
} from '@kp/renderer';
import type { Language } from '@kp/schema';
import { Component, type ReactNode, useMemo } from 'react';
import { labelText, useDesignerT } from '../i18n';
import type { PreviewProviders } from './Preview';
import type { FieldConfig } from './types';

const SELECT_LIKE = /select|cascader|date|time|address|relationForm|popup/i;
const noop = () => {};
type WidgetField = RenderContextValue['fieldsByModel'] extends Map<string, infer F> ? F : never;

/**
 * The render context the canvas's controls run in: @kp/renderer's widgets read it (providers for option
 * lists and names, texts, an empty form store). Nothing typed on the canvas is kept: it is a design surface.
 */
export function SampleContext({
  providers,
  language = 'zh',
  platform,
  children,
}: {
  providers?: PreviewProviders;
  language?: Language;
  platform: 'pc' | 'app';
  children: ReactNode;
}) {
  const value = useMemo<RenderContextValue>(() => {
    const i18n = createRendererI18n(language);
    return {
      store: new FormStore({}),
      providers: providers ?? createMemoryProviders(),
      language,
      t: ((k: string, v?: Record<string, unknown>) => i18n.t(k, v) as string) as RenderContextValue['t'],
      mode: 'create',
      formDisabled: false,
      fieldsByModel: new Map(),
      fieldAccess: () => undefined,
      platform,
      labelAlign: 'right',
      fieldChanged: noop,
      validateField: noop,
      message: noop,
    };
  }, [providers, language, platform]);
  return <RenderContext.Provider value={value}>{children}</RenderContext.Provider>;
}

/** A widget that throws (a half-configured control) falls back to the plain stand-in. */
class Guard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Whether the canvas draws this kind with @kp/renderer's widget. */
export const hasSample = (jnpfKey: string) => jnpfKey in WIDGETS;

/**
 * The control as the form will show it: @kp/renderer's widget with the field's default value. It takes no
 * pointer events, so a click selects the canvas item and a press starts its drag.
 */
export function ControlSample({ field, fallback }: { field: FieldConfig; fallback: ReactNode }) {
  const { t, lang } = useDesignerT();
  const k = field.__config__.jnpfKey;
  const W = WIDGETS[k];
  if (!W) return <>{fallback}</>;
  const ph = labelText(field.placeholder, lang);
  const placeholder = ph || t(SELECT_LIKE.test(k) ? 'sample.select' : 'sample.input');
  return (
    <div className="kp-control-sample" data-kind={k} style={{ flex: 1, minWidth: 0, pointerEvents: 'none' }}>
      <Guard fallback={fallback}>
        <W
          field={field as unknown as WidgetField}
          value={field.__config__.defaultValue}
          onChange={noop}
          disabled={false}
          placeholder={placeholder}
        />
      </Guard>
    </div>
  );
}
