import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';

/** A route whose page is not built yet: names the entry and says so (not a fake page). */
export function PagePending({ title, titleKey, path }: { title?: string; titleKey?: string; path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = title ?? (titleKey ? t(titleKey) : path);
  return (
    <div data-testid="page-pending">
      <Result
        status="info"
        title={t('page.pendingTitle')}
        subTitle={t('page.pendingText', { name, path })}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('page.backHome')}
          </Button>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={t('page.notFoundText')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('page.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** A page the host has but the signed-in user's menus do not grant: 暂无权限, not a 404. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="no-permission">
      <Result
        status="403"
        title={t('page.noPermissionTitle')}
        subTitle={t('page.noPermissionText')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('page.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** Replaces the visualisation-host and token placeholders of a link (spec 1 §2.2 type 7). */
export function resolveLink(url: string, token: string): string {
  return url
    .replace(/\$\{dataV\}|\{\{dataV\}\}|\$\{visualHost\}/g, globalThis.location?.origin ?? '')
    .replace(/\$\{token\}|\{\{token\}\}/g, encodeURIComponent(token));
}

/** A type 6 / type 7 (blank target) entry reached inside the app: it opens in a new window. */
export function ExternalPage({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  const token = useStore(sessionStore, (s) => s.token);
  const href = resolveLink(url, token);
  return (
    <Result
      status="info"
      title={title}
      subTitle={`${t('page.externalOpened')} ${href}`}
      extra={
        <Button type="primary" onClick={() => window.open(href, '_blank', 'noopener')}>
          {t('page.openAgain')}
        </Button>
      }
    />
  );
}

/** A type 7 link with target _self: shown inside the app. */
export function IframePage({ title, url }: { title: string; url: string }) {
  const token = useStore(sessionStore, (s) => s.token);
  return (
    <iframe
      title={title}
      src={resolveLink(url, token)}
      style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0 }}
    />
  );
}
