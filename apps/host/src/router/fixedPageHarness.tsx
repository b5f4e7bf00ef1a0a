// Test helpers (imported by tests only): a fixed route rendered as the shell renders it, and a fake of the
// network answering the calls a page makes in the server's envelope.
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { FIXED_ROUTES } from './fixedRoutes';
import { FixedPage } from './RoutePage';

type Answer = { code?: number; msg?: string; data?: unknown };
const realFetch = globalThis.fetch;

/**
 * Answers fetch by path (without query): a fixed answer or a function of the call's number. Unknown paths
 * answer 404. Returns the list of URLs called (filled as calls come).
 */
export function fakeApi(routes: Record<string, Answer | ((n: number) => Answer)>): string[] {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const r = routes[url.split('?')[0] ?? ''];
    const a = typeof r === 'function' ? r(calls.length) : (r ?? { code: 404, msg: '接口不存在' });
    return new Response(JSON.stringify({ code: a.code ?? 200, msg: a.msg ?? 'ok', data: a.data ?? null }));
  }) as typeof fetch;
  return calls;
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}

/** The fixed route `path` at `path + search`, rendered through FixedPage (its registered page or PagePending). */
export function showFixedRoute(path: string, search = '') {
  const route = FIXED_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no fixed route ${path}`);
  return render(
    <MemoryRouter initialEntries={[`${path}${search}`]}>
      <AntApp>
        <FixedPage route={route} />
      </AntApp>
    </MemoryRouter>,
  );
}
