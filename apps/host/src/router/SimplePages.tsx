import { Alert, Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, defaultErrorText } from '../api/http';
import { useFrameToken } from '../services/frameToken';
import { linkTarget, openLink, shownAddress } from '../services/linkCodes';

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

/**
 * A type 6 / type 7 (blank target) entry reached inside the app: it opens in a new window, without the
 * session token: a link asking for the user (a code placeholder, or a type 6 view) gets a one-time code bound
 * to it (services/linkCodes.ts).
 */
export function ExternalPage({ title, url, type }: { title: string; url: string; type?: number }) {
  const { t } = useTranslation();
  const href = shownAddress(url);
  const open = () => openLink(url, { withCode: type === 6 });
  return (
    <Result
      status="info"
      title={title}
      subTitle={`${t('page.externalOpened')} ${href}`}
      extra={
        <Button type="primary" onClick={() => void open()}>
          {t('page.openAgain')}
        </Button>
      }
    />
  );
}

/**
 * A type 7 link with target _self: shown inside the app (a code placeholder gets a one-time code); the page's
 * getToken message is answered, to its own origin only (services/frameToken.ts).
 */
export function IframePage({ title, url }: { title: string; url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameToken(frame, src);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(null);
    linkTarget(url)
      .then((s) => live && setSrc(s))
      .catch(
        (e: unknown) => live && setFailed(e instanceof ApiError && e.code ? e.message : defaultErrorText()),
      );
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <Alert type="error" showIcon title={failed} />;
  if (!src) return <Spin />;
  return (
    <iframe
      ref={frame}
      title={title}
      src={src}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0 }}
    />
  );
}
