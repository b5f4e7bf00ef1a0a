// Validators compiled at run time by ajv (new Function): for the server and tests only. Pages never import
// this module — their validators are precompiled (src/generated/validators.js) — so the site's CSP needs no
// 'unsafe-eval'. A browser bundle that pulled it in would fail under that CSP at the first compile.
import type { Static, TSchema } from '@sinclair/typebox';
import Ajv from 'ajv';
import { fromValidateFn, type ValidateFn, type ValidationIssue, type ValidationResult } from './validator';

/** The run-time validator of the server's own schemas: all errors, defaults left to the engine. */
export const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });

/**
 * Compiles `schema` once (on first use) and returns a function that never throws: `{ ok: true, value }` or
 * `{ ok: false, errors }`. An optional `check` adds rules JSON Schema cannot say (cross-field checks).
 */
export function makeValidator<S extends TSchema>(
  schema: S,
  check?: (value: Static<S>) => ValidationIssue[],
): (json: unknown) => ValidationResult<Static<S>> {
  let compiled: ValidateFn | undefined;
  return fromValidateFn<Static<S>>(() => {
    compiled ??= ajv.compile(schema);
    return compiled;
  }, check);
}
