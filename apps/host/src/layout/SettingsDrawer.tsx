import { CheckOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Radio, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SETTINGS_DRAWER_WIDTH } from '../config';
import { useStore } from '../store/createStore';
import { portalActionsStore } from '../store/portalActions';
import {
  LAYOUT_TYPES,
  type Settings,
  setSetting,
  settingsStore,
  THEME_COLORS,
  type ThemeColorName,
} from '../store/settings';

const TOGGLES: (keyof Settings)[] = [
  'tagsView',
  'tagsIcon',
  'useCache',
  'showLanguage',
  'showSearch',
  'fixedHeader',
  'sidebarLogo',
];

/**
 * Settings drawer (280 px, right); every change is persisted under jnpf_{key}. On a portal page (home, the
 * group portal, a portal entry other than back-end management) it also offers that page's customise and reset.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useStore(settingsStore);
  const { pathname } = useLocation();
  const portal = useStore(portalActionsStore, (a) => a[pathname]);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
      data-testid="settings-drawer"
    >
      <div className="kp-setting-title">{t('settings.layout')}</div>
      <Radio.Group
        value={s.layoutType}
        onChange={(e) => setSetting('layoutType', e.target.value)}
        optionType="button"
        buttonStyle="solid"
        size="small"
      >
        {LAYOUT_TYPES.map((l) => (
          <Radio.Button key={l} value={l}>
            <span data-testid={`layout-${l}`}>{t(`settings.${l}`)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
      <Divider />
      <div className="kp-setting-title">{t('settings.sideTheme')}</div>
      <Radio.Group
        value={s.slideClass}
        onChange={(e) => setSetting('slideClass', e.target.value)}
        optionType="button"
        size="small"
      >
        <Radio.Button value="dark">{t('settings.dark')}</Radio.Button>
        <Radio.Button value="light">{t('settings.light')}</Radio.Button>
      </Radio.Group>
      <Divider />
      <div className="kp-setting-title">{t('settings.themeColor')}</div>
      <div className="kp-colors">
        {(Object.keys(THEME_COLORS) as ThemeColorName[]).map((c) => (
          <button
            type="button"
            key={c}
            title={t(`settings.${c}`)}
            aria-label={t(`settings.${c}`)}
            className="kp-color"
            style={{ background: THEME_COLORS[c] }}
            onClick={() => setSetting('themeClass', c)}
            data-testid={`color-${c}`}
          >
            {s.themeClass === c && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Divider />
      {portal && (
        <>
          <div className="kp-setting-title">{t('settings.portal')}</div>
          <Space data-testid="settings-portal">
            <Button
              size="small"
              icon={<SettingOutlined />}
              data-testid="settings-portal-customize"
              onClick={() => {
                onClose();
                portal.customize();
              }}
            >
              {t('portalHome.customize')}
            </Button>
            <Button
              size="small"
              icon={<UndoOutlined />}
              data-testid="settings-portal-reset"
              onClick={() => {
                onClose();
                portal.reset();
              }}
            >
              {t('portalHome.reset')}
            </Button>
          </Space>
          <Divider />
        </>
      )}
      {TOGGLES.map((k) => (
        <div className="kp-setting-row" key={k}>
          <span>{t(`settings.${k}`)}</span>
          <Switch
            size="small"
            checked={Boolean(s[k])}
            onChange={(v) => setSetting(k, v as never)}
            data-testid={`toggle-${k}`}
          />
        </div>
      ))}
    </Drawer>
  );
}
