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

export interface ScriptLimits {
  /** Interpreter steps before the script is stopped (default 200 000). */
  maxSteps?: number;
  /** Wall-clock milliseconds before the script is stopped (default 1000). */
  maxMillis?: number;
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

/**
 * Runs `code` with `data` (the event's data) and the API, and returns the script's return value as a plain
 * value. Throws ScriptError on a syntax error, a runtime error or when a limit is hit.
 */
export function runScript(code: string, data: unknown, api: ScriptApi, limits: ScriptLimits = {}): unknown {
  const maxSteps = limits.maxSteps ?? 200_000;
  const maxMillis = limits.maxMillis ?? 1000;
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
    });
  } catch (e) {
    throw new ScriptError(`syntax: ${(e as Error).message}`);
  }
  // 1 = native RegExp in this thread (mode 2 would start a Worker from a Blob URL, which a host CSP may forbid).
  it.REGEXP_MODE = 1;
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

/** Plain-data copy across the boundary: no functions, no prototypes, no host objects. */
function clone<T>(v: T): T {
  if (v === undefined) return v;
  return JSON.parse(JSON.stringify(v)) as T;
}
