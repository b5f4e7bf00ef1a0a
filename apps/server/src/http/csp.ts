// The pages' Content-Security-Policy (issue 34): no 'unsafe-eval' (the browser's validators are precompiled,
// see @kp/schema src/generated), images only from the site, data: and blob:, frames only from the site, blob:
// and the hosts an administrator lists, and every violation reported to POST /api/csp-report.

/**
 * Where browsers send violation reports: report-uri, which every browser still honours and sends at once.
 * report-to is left out on purpose: Chromium then ignores report-uri, wants the Reporting-Endpoints URL absolute
 * and trustworthy (the server does not know its public origin behind a proxy) and batches reports for a minute.
 */
export const CSP_REPORT_PATH = '/api/csp-report';

/** The origin of `raw` when it is a plain http(s) origin (no path, wildcard, credentials or odd host), else null. */
export function frameOrigin(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(u.hostname)) return null;
  return u.origin === raw.trim().replace(/\/$/, '') ? u.origin : null;
}

/**
 * KP_FRAME_HOSTS: comma-separated origins (`https://erp.example.com`, `http://oa.intra:8080`) whose pages KP may
 * show inside itself, beside the administrator's allow-list (settings.externalLinkHosts) — type-7 menu links
 * opened in the app and external to-do pages (/external). Unset: none. Anything but a plain http(s) origin (a
 * path, a wildcard, a scheme alone) is refused at start-up: it would widen the policy past what was meant.
 */
export function parseFrameHosts(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',').map((x) => x.trim())) {
    if (!raw) continue;
    const origin = frameOrigin(raw);
    if (!origin)
      throw new Error(`KP_FRAME_HOSTS: "${raw}" is not an http(s) origin (e.g. https://erp.example.com)`);
    out.push(origin);
  }
  return out;
}

/**
 * The frame origins of the policy: KP_FRAME_HOSTS and the administrator's allow-list, each kept only when it is
 * a plain origin (a stored entry such as `https://*` or one carrying a `;` never reaches the header), once.
 */
export function frameHostsOf(fromEnv: readonly string[], allowList: readonly string[] = []): string[] {
  const origins = allowList.map(frameOrigin).filter((o): o is string => !!o);
  return [...new Set([...fromEnv, ...origins])];
}

/**
 * The directives, as the host needs them: scripts only from the site (no inline script, no eval); styles also
 * inline (antd's CSS-in-JS, the print templates, the Word preview); images from the site, data: and blob:
 * (previews, QR codes; remote images are dropped from rich text, so nothing tracks a reader); the websocket
 * and API on the site; frames of the site, blob: (PDF preview) and the listed hosts; nobody but the site
 * itself may frame KP; violations reported.
 */
export function cspDirectives(frameHosts: readonly string[] = []): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:', ...frameHosts],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    reportUri: [CSP_REPORT_PATH],
    upgradeInsecureRequests: null,
  };
}
