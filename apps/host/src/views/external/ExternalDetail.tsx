import { Alert, Button, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { useFrameToken } from '../../services/frameToken';
import { EXTERNAL_FEATURES, userCodeFor } from '../../services/linkCodes';

/**
 * /external?url=…&title=… (spec 1 §2.1 详情): an external item's detail page, e.g. a portal item to-do
 * (GET /api/Bussiness/workflow/ToDoList gives its url) or another external task link. A one-time user code
 * (GET /api/oauth/GetUserCode?url=…, spec 1 §7 / spec 3) is appended to the link as the `code` query
 * parameter. The server gives one only for an address it handed out (the user's menu links, the
 * administrator's allow-list of hosts), bound to that link's app, which redeems it once server to server;
 * for any other address it refuses, and the page shows its message and never frames or opens the address.
 * The page shows the link in a sandboxed iframe and can open it in a new window (with a fresh code); the
 * framed page's getToken message is answered with a fresh code, to its origin only (services/frameToken.ts).
 * Only absolute http(s) addresses are accepted; anything else (javascript:, data:, relative) never loads.
 */

/** The address as an absolute http(s) URL, or null when it is anything else. */
export function checkExternalUrl(raw: string | null | undefined): URL | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
}

/** The link with the one-time user code appended as `code` (an existing `code` is replaced). */
export function withUserCode(url: URL, code: string): string {
  const u = new URL(url.href);
  u.searchParams.set('code', code);
  return u.href;
}

/**
 * The iframe's sandbox: scripts and forms run, popups open in their own context. The page keeps its own
 * origin only when it is not the host's origin (a same-origin page with scripts could lift its sandbox).
 */
export function sandboxOf(url: URL, hostOrigin: string): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';
  return url.origin === hostOrigin ? base : `${base} allow-same-origin`;
}

/** A code for this very address (refused when the server did not hand it out). */
const fetchCode = (href: string) => userCodeFor(href, true);

/** The server's message of a refused call, else the page's own text (network failure). */
const failText = (e: unknown, fallback: string) => (e instanceof ApiError && e.code ? e.message : fallback);

type State = { kind: 'loading' } | { kind: 'ready'; href: string } | { kind: 'error'; text: string };

export default function ExternalDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('url');
  const title = params.get('title') || t('route.external');
  const target = checkExternalUrl(raw);
  const href = target?.href;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameToken(frame, state.kind === 'ready' && href ? href : null);

  useEffect(() => {
    if (!href) return;
    let live = true;
    setState({ kind: 'loading' });
    fetchCode(href)
      .then((code) => live && setState({ kind: 'ready', href: withUserCode(new URL(href), code) }))
      .catch((e: unknown) => live && setState({ kind: 'error', text: failText(e, t('detail.loadFailed')) }));
    return () => {
      live = false;
    };
  }, [href, t]);

  const openNew = async () => {
    if (!target) return;
    try {
      window.open(withUserCode(target, await fetchCode(target.href)), '_blank', EXTERNAL_FEATURES);
    } catch (e) {
      setState({ kind: 'error', text: failText(e, t('detail.loadFailed')) });
    }
  };

  let body: ReactNode;
  if (!target) {
    body = <Alert type="error" showIcon title={raw ? t('detail.badUrl') : t('detail.noUrl')} />;
  } else if (state.kind === 'error') {
    body = <Alert type="error" showIcon title={state.text} />;
  } else if (state.kind === 'loading') {
    body = <Spin />;
  } else {
    body = (
      <iframe
        ref={frame}
        data-testid="external-frame"
        title={title}
        src={state.href}
        sandbox={sandboxOf(target, globalThis.location?.origin ?? '')}
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 'calc(100vh - 200px)', border: 0 }}
      />
    );
  }

  return (
    <div className="kp-external-detail" data-testid="external-detail">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {target && state.kind !== 'error' && (
          <Button type="primary" data-testid="external-open" onClick={openNew}>
            {t('detail.openNewWindow')}
          </Button>
        )}
      </Space>
      {body}
    </div>
  );
}
