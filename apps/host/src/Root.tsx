import { App as AntApp, ConfigProvider, Grid } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { feedback } from './api/feedback';
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

/** Registers antd's context-aware message/notification/modal for code outside React. */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => {
    feedback.message = app.message;
    feedback.notification = app.notification;
    feedback.modal = app.modal;
  }, [app]);
  return null;
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
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      componentSize={size.componentSize}
      theme={themeConfig}
      table={narrow ? PHONE_TABLE : undefined}
    >
      <AntApp>
        <FeedbackBridge />
        <BrowserRouter basename={ROUTER_BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
