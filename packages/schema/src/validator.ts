// What every validator of the package shares: the issue type, ajv error → readable issue, and the wrapper that
// makes a validate function total. The browser's validators are precompiled (src/generated/validators.js,
// ajv standalone code, no new Function): see fromStandalone. makeValidator (validator-compile.ts) compiles at
// run time with ajv and is for the server and tests only.
import type { ErrorObject } from 'ajv';

/** One problem found in a document, with a readable path such as `fields[3].__config__.span`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationIssue[] };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Turns an ajv JSON pointer (`/fields/3/__config__/span`) into `fields[3].__config__.span`. */
export function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else if (IDENT.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function issueOf(e: ErrorObject): ValidationIssue {
  let path = pointerToPath(e.instancePath);
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    path = path ? `${path}.${missing}` : missing;
    message = 'is required';
  } else if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    path = path ? `${path}.${extra}` : extra;
    message = 'is not an allowed property';
  } else if (e.keyword === 'enum') {
    message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  }
  return { path: path || '(root)', message };
}

/** Errors of a failed ajv run, de-duplicated, most specific (deepest path) first; union noise trimmed. */
export function issuesOf(errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  const list = (errors ?? []).filter(
    (e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if',
  );
  for (const e of list.length ? list : (errors ?? [])) {
    const issue = issueOf(e);
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(issue);
    }
  }
  return out.sort((a, b) => b.path.length - a.path.length);
}

/** A compiled (or precompiled) ajv validate function: true or false, the errors of the last run on it. */
export interface ValidateFn {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * A total validator over `validate` (a precompiled standalone function, or one ajv compiled; `get` may build it
 * on first use): `{ ok: true, value }` or `{ ok: false, errors }`, never throws. An optional `check` adds rules
 * JSON Schema cannot say (cross-field checks).
 */
export function fromValidateFn<T>(
  get: () => ValidateFn,
  check?: (value: T) => ValidationIssue[],
): (json: unknown) => ValidationResult<T> {
  return (json: unknown) => {
    try {
      const validate = get();
      if (!validate(json)) return { ok: false, errors: issuesOf(validate.errors) };
      const extra = check ? check(json as T) : [];
      return extra.length ? { ok: false, errors: extra } : { ok: true, value: json as T };
    } catch (err) {
      // Deeply nested or cyclic input can exhaust the stack; that is an invalid document, not a crash.
      return {
        ok: false,
        errors: [{ path: '(root)', message: `cannot be validated: ${(err as Error).message}` }],
      };
    }
  };
}

/** fromValidateFn over a function of src/generated/validators.js (precompiled at build time). */
export const fromStandalone = <T>(validate: ValidateFn, check?: (value: T) => ValidationIssue[]) =>
  fromValidateFn<T>(() => validate, check);
