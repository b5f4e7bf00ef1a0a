import type { FormConfig } from '@kp/schema';
import { type CompiledForm, type CompileIssue, type CompileOptions, compileForm } from '../form/compile';
import type { FormDataResult } from '../form/validate';
import { type AccessContext, type AccessMap, accessOf } from './access';
import { pickWritable, project } from './project';
import { validate } from './validate';

/**
 * The framework-free form model: one compiled form and the functions every caller (renderer, designer
 * save checks, server pipeline) runs on it. A model is never thrown away for a bad config: `errors` says
 * which field is wrong and how (unknown kinds, malformed entries, bad formulas and patterns); `ok` is false
 * then and the rest of the form still works.
 */
export interface FormModel {
  compiled: CompiledForm;
  errors: CompileIssue[];
  ok: boolean;
  /** The layers (platform, node formOperates, grants, scripts) applied to every field. */
  access(ctx?: AccessContext): AccessMap;
  validate(
    data: unknown,
    ctx?: AccessContext | AccessMap,
    options?: { mode?: 'submit' | 'save' },
  ): FormDataResult;
  /** The data without what the context may not read. */
  project(data: Record<string, unknown>, ctx?: AccessContext | AccessMap): Record<string, unknown>;
  /** The form fields to store from the caller's input: writable ones from input, the rest from previous. */
  pickWritable(
    input: Record<string, unknown>,
    previous: Record<string, unknown> | null,
    ctx?: AccessContext | AccessMap,
  ): Record<string, unknown>;
}

const isMap = (x: unknown): x is AccessMap => x instanceof Map;

/** Builds the model of a form config; never throws (a config that is not an object gives an empty form and an error). */
export function buildFormModel(config: unknown, options: CompileOptions = {}): FormModel {
  let compiled: CompiledForm;
  const errors: CompileIssue[] = [];
  const cfg =
    config && typeof config === 'object' && !Array.isArray(config)
      ? (config as FormConfig)
      : ({ fields: [] } as unknown as FormConfig);
  if (cfg !== config)
    errors.push({ code: 'notObject', path: '', message: 'the form config is not an object' });
  try {
    compiled = compileForm(cfg, options);
  } catch (e) {
    const reason = String((e as Error)?.message ?? e);
    errors.push({
      code: 'uncompilable',
      path: '',
      message: `the form config cannot be compiled: ${reason}`,
      subject: reason,
    });
    compiled = compileForm({ fields: [] } as unknown as FormConfig, options);
  }
  errors.push(...compiled.errors);
  const open = accessOf(compiled, {});
  const accessFor = (ctx?: AccessContext | AccessMap): AccessMap =>
    isMap(ctx) ? ctx : ctx ? accessOf(compiled, ctx) : open;
  return {
    compiled,
    errors,
    ok: errors.length === 0,
    access: (ctx) => accessFor(ctx),
    validate: (data, ctx, opts) => validate(compiled, accessFor(ctx), data, opts),
    project: (data, ctx) => project(compiled, accessFor(ctx), data),
    pickWritable: (input, previous, ctx) => pickWritable(compiled, accessFor(ctx), input, previous),
  };
}
