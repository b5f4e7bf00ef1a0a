import Interpreter, { type PseudoValue } from 'js-interpreter';

/**
 * Form scripts (funcs.onLoad, beforeSubmit, afterSubmit, a field's on-change) run in JS-Interpreter, a
 * JavaScript interpreter written in JavaScript with its own object model: the script sees only the globals
 * the interpreter creates (Object, Array, Math, JSON, ...) plus the API below. It cannot reach the host's
 * window, document, cookies, storage, fetch or the session token, and runs under a step and time limit.
 * No eval and no new Function are used. The language is ES5 (var, function; no arrow functions).
 *
 * A script is either a function body (`if (formData.a > 1) { hide('b'); } return true;`) or a function
 * expression (`function (data) { ... }`), which is called with the event's data.
 */
export interface ScriptApi {
  /** A copy of the current form data. */
  getFormData(): Record<string, unknown>;
  /** Merges the given values into the form data. */
  setFormData(data: Record<string, unknown>): void;
  setFieldValue(field: string, value: unknown): void;
  show(field: string): void;
  hide(field: string): void;
  setRequired(field: string, required: boolean): void;
  setDisabled(field: string, disabled: boolean): void;
  /** Shows a message to the user; type is info (default), success, warning or error. */
  message(text: string, type?: string): void;
}

/**
 * Calls that wait for data. Inside the script they look synchronous (`var rows = callInterface('id', {});`):
 * the interpreter pauses until the host's promise settles. Only `runScriptAsync` offers them.
 */
export interface AsyncScriptApi {
  /** Rows of a data interface, through `providers.dataInterface(id, params)`. */
  callInterface(interfaceId: string, params?: Record<string, unknown>): Promise<unknown>;
  /** A host request (spec 3 §7 "custom scripts can issue requests with a method (default GET) and data"). */
  request(url: string, method?: string, data?: unknown): Promise<unknown>;
}

export interface ScriptLimits {
  /** Interpreter steps before the script is stopped (default 200 000). */
  maxSteps?: number;
  /** Milliseconds of running (not waiting) before the script is stopped (default 1000). */
  maxMillis?: number;
  /** Milliseconds one asynchronous call may take before the script is stopped (default 10 000). */
  maxWaitMillis?: number;
}

export class ScriptError extends Error {
  override name = 'ScriptError';
}

const API_NAMES: (keyof ScriptApi)[] = [
  'getFormData',
  'setFormData',
  'setFieldValue',
  'show',
  'hide',
  'setRequired',
  'setDisabled',
  'message',
];

function wrap(code: string): string {
  const src = code.trim();
  // A function expression is called with the event data; anything else is a function body.
  if (/^function\b/.test(src)) return `(${src})(data);`;
  return `(function (data) {\n${src}\n})(data);`;
}

type Pending = { promise: Promise<unknown>; settle(v: unknown): void };

function makeInterpreter(
  code: string,
  data: unknown,
  api: ScriptApi,
  asyncApi: AsyncScriptApi | undefined,
  onAsync: (p: Pending) => void,
): Interpreter {
  let it: Interpreter;
  try {
    it = new Interpreter(wrap(code), (interp, global) => {
      interp.setProperty(global, 'data', interp.nativeToPseudo(clone(data)));
      interp.setProperty(global, 'formData', interp.nativeToPseudo(clone(api.getFormData())));
      for (const name of API_NAMES) {
        const fn = api[name] as (...a: unknown[]) => unknown;
        interp.setProperty(
          global,
          name,
          interp.createNativeFunction((...args: PseudoValue[]) => {
            const out = fn(...args.map((a) => clone(interp.pseudoToNative(a))));
            return interp.nativeToPseudo(clone(out)) as PseudoValue;
          }),
        );
      }
      if (!asyncApi) return;
      const bridge = (call: () => Promise<unknown>, cb: (v: PseudoValue) => void) => {
        let promise: Promise<unknown>;
        try {
          promise = Promise.resolve(call());
        } catch (e) {
          promise = Promise.reject(e);
        }
        onAsync({ promise, settle: (v) => cb(interp.nativeToPseudo(clone(v)) as PseudoValue) });
      };
      const arg = (a: PseudoValue) => clone(interp.pseudoToNative(a));
      // Fixed arities: the interpreter appends the callback after the declared parameters.
      interp.setProperty(
        global,
        'callInterface',
        interp.createAsyncFunction((id: PseudoValue, params: PseudoValue, cb: (v: PseudoValue) => void) =>
          bridge(
            () => asyncApi.callInterface(String(arg(id)), (arg(params) ?? {}) as Record<string, unknown>),
            cb,
          ),
        ),
      );
      interp.setProperty(
        global,
        'request',
        interp.createAsyncFunction(
          (url: PseudoValue, method: PseudoValue, body: PseudoValue, cb: (v: PseudoValue) => void) =>
            bridge(() => asyncApi.request(String(arg(url)), String(arg(method) ?? 'GET'), arg(body)), cb),
        ),
      );
    });
  } catch (e) {
    throw new ScriptError(`syntax: ${(e as Error).message}`);
  }
  // 1 = native RegExp in this thread (mode 2 would start a Worker from a Blob URL, which a host CSP may forbid).
  it.REGEXP_MODE = 1;
  return it;
}

/**
 * Runs `code` with `data` (the event's data) and the API, and returns the script's return value as a plain
 * value. Throws ScriptError on a syntax error, a runtime error or when a limit is hit. No asynchronous calls.
 */
export function runScript(code: string, data: unknown, api: ScriptApi, limits: ScriptLimits = {}): unknown {
  const maxSteps = limits.maxSteps ?? 200_000;
  const maxMillis = limits.maxMillis ?? 1000;
  const it = makeInterpreter(code, data, api, undefined, () => {});
  const started = Date.now();
  let steps = 0;
  try {
    while (it.step()) {
      steps++;
      if (steps > maxSteps) throw new ScriptError(`step limit ${maxSteps} exceeded`);
      if (steps % 1000 === 0 && Date.now() - started > maxMillis) {
        throw new ScriptError(`time limit ${maxMillis} ms exceeded`);
      }
    }
  } catch (e) {
    if (e instanceof ScriptError) throw e;
    throw new ScriptError(String((e as Error)?.message ?? e));
  }
  return it.pseudoToNative(it.value);
}

/**
 * Like runScript, with `callInterface(id, params)` and `request(url, method, data)` available to the script.
 * The script pauses while a call is pending (the page stays responsive); a rejected call or one slower than
 * `maxWaitMillis` stops the script with a ScriptError. The step and running-time limits still apply.
 */
export async function runScriptAsync(
  code: string,
  data: unknown,
  api: ScriptApi & AsyncScriptApi,
  limits: ScriptLimits = {},
): Promise<unknown> {
  const maxSteps = limits.maxSteps ?? 200_000;
  const maxMillis = limits.maxMillis ?? 1000;
  const maxWait = limits.maxWaitMillis ?? 10_000;
  let pending: Pending | null = null;
  const it = makeInterpreter(code, data, api, api, (p) => {
    pending = p;
  });
  let busy = 0;
  let steps = 0;
  let slice = Date.now();
  try {
    for (;;) {
      const p = pending as Pending | null;
      if (p) {
        pending = null;
        busy += Date.now() - slice;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ScriptError(`call took over ${maxWait} ms`)), maxWait);
        });
        try {
          p.settle(await Promise.race([p.promise, timeout]));
        } catch (e) {
          if (e instanceof ScriptError) throw e;
          throw new ScriptError(`call failed: ${String((e as Error)?.message ?? e)}`);
        } finally {
          clearTimeout(timer);
        }
        slice = Date.now();
        continue;
      }
      if (!it.step()) break;
      steps++;
      if (steps > maxSteps) throw new ScriptError(`step limit ${maxSteps} exceeded`);
      if (steps % 1000 === 0 && busy + Date.now() - slice > maxMillis) {
        throw new ScriptError(`time limit ${maxMillis} ms exceeded`);
      }
    }
  } catch (e) {
    if (e instanceof ScriptError) throw e;
    throw new ScriptError(String((e as Error)?.message ?? e));
  }
  return it.pseudoToNative(it.value);
}
/** Plain-data copy across the boundary: no functions, no prototypes, no host objects. */
function clone<T>(v: T): T {
  if (v === undefined) return v;
  return JSON.parse(JSON.stringify(v)) as T;
}
