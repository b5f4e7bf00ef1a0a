import { describe, expect, it, vi } from 'vitest';
import { type AsyncScriptApi, runScript, runScriptAsync, type ScriptApi, ScriptError } from './sandbox';

function api(data: Record<string, unknown> = {}): ScriptApi & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rec =
    (name: string) =>
    (...a: unknown[]) => {
      calls.push([name, ...a]);
    };
  return {
    calls,
    getFormData: () => ({ ...data }),
    setFormData: rec('setFormData'),
    setFieldValue: rec('setFieldValue'),
    show: rec('show'),
    hide: rec('hide'),
    setRequired: rec('setRequired'),
    setDisabled: rec('setDisabled'),
    message: rec('message'),
  };
}

describe('form script sandbox', () => {
  it('runs a body with the API and returns its value', () => {
    const a = api({ amount: 5 });
    const out = runScript(
      "if (formData.amount > 3) { hide('remark'); setRequired('reason', true); } setFieldValue('x', [1, {y: 2}]); return formData.amount * 2;",
      null,
      a,
    );
    expect(out).toBe(10);
    expect(a.calls).toEqual([
      ['hide', 'remark'],
      ['setRequired', 'reason', true],
      ['setFieldValue', 'x', [1, { y: 2 }]],
    ]);
  });

  it('calls a function expression with the event data', () => {
    expect(runScript('function (data) { return data.v + 1; }', { v: 41 }, api())).toBe(42);
  });

  it('cannot reach window, document, fetch, cookies or the host Function', () => {
    (globalThis as Record<string, unknown>).__secret = 'token';
    const probes = [
      'return typeof document',
      'return typeof fetch',
      'return typeof globalThis',
      'return typeof window.document',
      'return typeof window.localStorage',
      'return typeof window.__secret',
      'return typeof __secret',
      'return (function(){}).constructor("return typeof document")()',
      'return [].constructor.constructor("return typeof fetch")()',
      'try { return document.cookie } catch (e) { return "undefined" }',
    ];
    for (const p of probes) expect(runScript(p, null, api()), p).toBe('undefined');
    expect(runScript('return typeof getFormData', null, api())).toBe('function');
  });

  it('stops an endless loop by the step limit', () => {
    expect(() => runScript('while (true) {}', null, api(), { maxSteps: 5000 })).toThrow(ScriptError);
  });

  it('reports syntax errors as ScriptError', () => {
    expect(() => runScript('return (', null, api())).toThrow(ScriptError);
  });

  it('does not let a script mutate the host data it reads', () => {
    const data = { list: [1] };
    const a = api(data);
    const spy = vi.spyOn(a, 'getFormData');
    runScript('formData.list.push(2); var d = getFormData(); d.list.push(3); return 1', null, a);
    expect(spy).toHaveBeenCalled();
    expect(data.list).toEqual([1]);
  });

  describe('asynchronous calls', () => {
    const asyncApi = (
      over: Partial<AsyncScriptApi> = {},
    ): ScriptApi & AsyncScriptApi & { calls: unknown[][] } => ({
      ...api({ dept: 'd1' }),
      callInterface: async (id, params) => [{ id, params, name: '研发部' }],
      request: async (url, method, data) => ({ url, method, data }),
      ...over,
    });

    it('pauses on callInterface and request and goes on with their answers', async () => {
      const a = asyncApi();
      const out = await runScriptAsync(
        "var rows = callInterface('depts', { parent: formData.dept }); setFieldValue('name', rows[0].name);" +
          " var r = request('/api/x', 'POST', { n: 1 }); return [rows[0].params.parent, r.method, r.data.n, request('/y').method];",
        null,
        a,
      );
      expect(out).toEqual(['d1', 'POST', 1, 'GET']);
      expect(a.calls).toEqual([['setFieldValue', 'name', '研发部']]);
    });

    it('stops the script when a call fails or takes too long', async () => {
      const failing = asyncApi({ callInterface: () => Promise.reject(new Error('boom')) });
      await expect(
        runScriptAsync("callInterface('x'); setFieldValue('a', 1);", null, failing),
      ).rejects.toThrow(/call failed: boom/);
      expect(failing.calls).toEqual([]);
      const slow = asyncApi({ request: () => new Promise(() => {}) });
      await expect(runScriptAsync("request('/slow');", null, slow, { maxWaitMillis: 50 })).rejects.toThrow(
        /over 50 ms/,
      );
    });

    it('keeps the step limit and the sandbox while waiting', async () => {
      await expect(
        runScriptAsync("callInterface('x'); while (true) {}", null, asyncApi(), { maxSteps: 5000 }),
      ).rejects.toThrow(ScriptError);
      expect(
        await runScriptAsync(
          "callInterface('x'); return typeof window.document + typeof fetch;",
          null,
          asyncApi(),
        ),
      ).toBe('undefinedundefined');
    });
  });
});
