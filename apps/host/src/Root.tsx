import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import ConfigProvider from 'antd/es/config-provider';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import { type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { feedbackHostStore, feedbackStore } from './api/feedback';
import { ROUTER_BASENAME } from './config';
import { antdLocaleOf } from './i18n';
import { AppRoutes } from './router/AppRoutes';
import { useStore } from './store/createStore';
import { type ComponentSizeName, primaryColor, settingsStore } from './store/settings';
import { applyThemeVariables, kpTheme } from './theme';

/**
 * The size switcher on antd (which has three sizes): default keeps antd's own size, medium is antd small,
 * small and mini add the compact algorithm, mini with a 12 px base font.
 */
const SIZES: Record<
  ComponentSizeName,
  { componentSize: 'middle' | 'small'; compact: boolean; fontSize?: number }
> = {
  default: { componentSize: 'middle', compact: false },
  medium: { componentSize: 'small', compact: false },
  small: { componentSize: 'small', compact: true },
  mini: { componentSize: 'small', compact: true, fontSize: 12 },
};

const PHONE_TABLE = { scroll: { x: 'max-content' } } as const;

/**
 * What antd's <App> draws around the app (the .ant-app element with the theme's text colour, size and font) and
 * the App.useApp() context, without App's message, notification and modal code: that is the feedback host,
 * rendered here once it has loaded (api/feedback), so the login page's first load carries none of it.
 */
function AppFrame({ children }: { children: ReactNode }) {
  const { getPrefixCls, className, style } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const Host = useStore(feedbackHostStore);
  // before the host is there: antd's own default (no provider above this one)
  const noFeedback = useContext(AppContext);
  const app = useStore(feedbackStore) ?? noFeedback;
  const frameClass = [className, hashId, prefixCls, cssVarCls].filter(Boolean).join(' ');
  return (
    <AppContext.Provider value={app}>
      <div className={frameClass} style={style}>
        {Host && <Host />}
        {children}
      </div>
    </AppContext.Provider>
  );
}

export function Root() {
  const { i18n } = useTranslation();
  const settings = useStore(settingsStore);
  // dayjs follows the language in i18n/index.ts (set before the first render).
  const brand = primaryColor(settings);
  const size = SIZES[settings.size];
  const themeConfig = useMemo(
    () => kpTheme({ brand, fontSize: size.fontSize, compact: size.compact }),
    [brand, size],
  );
  useEffect(() => applyThemeVariables(brand), [brand]);
  // Below md (phones) every table keeps its columns' widths and scrolls sideways, instead of squeezing a
  // title to a letter per line; a table that states its own scroll keeps it.
  const narrow = useBreakpoint().md === false;
  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      componentSize={size.componentSize}
      theme={themeConfig}
      table={narrow ? PHONE_TABLE : undefined}
    >
      <AppFrame>
        <BrowserRouter basename={ROUTER_BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </AppFrame>
    </ConfigProvider>
  );
}
