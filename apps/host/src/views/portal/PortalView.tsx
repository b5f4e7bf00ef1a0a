import { SettingOutlined, UndoOutlined } from '@ant-design/icons';
import type { PortalItem, PortalLayout } from '@kp/schema';
import { App, Button, Empty, Space, Spin, Typography } from 'antd';
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage } from '../../i18n';
import { offerPortalActions } from '../../store/portalActions';
import { textIn } from '../../util/text';
import { portalApi, type PortalView as View } from './portalApi';
import { PortalWidget } from './Widgets';
import { readingOrder } from './widgetLogic';
import './portal.css';

const PortalCustomize = lazy(() => import('./PortalCustomize'));

/** The grid of a portal layout: 24 columns, each widget at its column with its width. */
export function PortalGrid({ layout }: { layout: PortalItem[] }) {
  return (
    <div className="kp-portal-grid" data-testid="portal-grid-view">
      {readingOrder(layout).map((item) => (
        <div
          key={String(item.i)}
          className="kp-portal-cell"
          data-testid={`portal-cell-${item.i}`}
          style={{ '--kp-col': `${item.x + 1} / span ${item.w}` } as CSSProperties}
        >
          <PortalWidget item={item} />
        </div>
      ))}
    </div>
  );
}

/**
 * A portal page: the caller's default portal (GET /api/portal/info), drawn from its layout, with per-portal
 * customise (the portal designer, saved as the caller's own layout) and reset (back to the released layout).
 * `group` marks the group portal at /portal. The same two actions are offered to the shell's settings drawer
 * (store/portalActions) at the path the page was opened at.
 */
export default function PortalPage({ group = false, portalId }: { group?: boolean; portalId?: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // the view cache keeps this page mounted (hidden) on other paths: its own path is the one it opened at
  const { pathname } = useLocation();
  const [ownPath] = useState(pathname);
  const [view, setView] = useState<View | null>(null);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState(false);
  // A new key after save/reset remounts the widgets so they reload.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    setLoading(true);
    const load = portalId
      ? portalApi
          .byId(portalId)
          .then((r) => ({ ...r.data, formData: r.data.userFormData ?? r.data.formData }))
      : portalApi.info().then((r) => r.data);
    load
      .then(setView)
      .catch(() => setView(null))
      .finally(() => setLoading(false));
  }, [portalId]);

  const layout: PortalLayout = view?.formData ?? { layout: [] };
  const name = view ? textIn(view.fullName as never, currentLanguage()) : '';
  // Portal settings are hidden for the back-end management entry (spec 1 §6).
  const customizable = view && view.enCode !== 'backend' && view.enCode !== 'management';

  const reset = useCallback(
    () =>
      modal.confirm({
        title: t('common.tip'),
        content: <span data-testid="reset-confirm-text">{t('portalHome.resetConfirm')}</span>,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'reset-ok' } as never,
        onOk: async () => {
          if (!view) return;
          const r = await portalApi.reset(view.id);
          setView(r.data);
          setVersion((v) => v + 1);
        },
      }),
    [modal, t, view],
  );

  useEffect(
    () =>
      customizable ? offerPortalActions(ownPath, { customize: () => setEditing(true), reset }) : undefined,
    [customizable, ownPath, reset],
  );

  return (
    <div
      className={`kp-portal-page${group ? ' kp-group-portal' : ''}`}
      data-testid={group ? 'group-portal' : 'home-page'}
    >
      <div className="kp-portal-toolbar">
        <Typography.Text strong data-testid="portal-name">
          {group ? t('portalHome.groupPortal') : name}
        </Typography.Text>
        {customizable && (
          <Space>
            {view?.isPersonal && (
              <Typography.Text type="secondary" data-testid="portal-personal">
                {t('portalHome.personal')}
              </Typography.Text>
            )}
            <Button
              size="small"
              icon={<SettingOutlined />}
              data-testid="portal-customize"
              onClick={() => setEditing(true)}
            >
              {t('portalHome.customize')}
            </Button>
            <Button size="small" icon={<UndoOutlined />} data-testid="portal-reset" onClick={reset}>
              {t('portalHome.reset')}
            </Button>
          </Space>
        )}
      </div>
      {loading ? (
        <Spin />
      ) : !view ? (
        <Empty description={t('common.noData')} />
      ) : (
        <PortalGrid key={version} layout={layout.layout} />
      )}
      {editing && view && (
        <Suspense fallback={<Spin />}>
          <PortalCustomize
            value={layout}
            onCancel={() => setEditing(false)}
            onConfirm={async (l) => {
              await portalApi.savePersonal(view.id, l);
              setView({ ...view, formData: l, isPersonal: true });
              setVersion((v) => v + 1);
              setEditing(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
