// Browser validate === server validate (issue 18), on random forms, node layers and data: the browser side is
// the renderer's own call (FormRenderer: validate(compiled, data, rendererLayers(platform, formOperates, store)));
// the server side is the call its pipeline makes (domains/form/form-data.ts formInput: accessOf over the same
// context, then acceptInput — the caller's writable fields from the input, the rest from the stored record —
// which validates what it took). Scripts run only in the browser: the first tests have none; the last ones
// declare random fields in scriptEffects and run random script overrides (show / hide, setDisabled,
// setRequired) in the browser's store, which the server never sees.
import { acceptInput, accessOf, buildFormModel, type FieldOperate, type FormDataError } from '@kp/engine';
import { accessContextArb, formConfigArb, formDataArb } from '@kp/engine/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FieldUiState, FormStore } from '../store/formStore';
import { compile, rendererLayers, toStorePath, validate } from './engineAdapter';

/** A random form, a node's layers over it, what the browser holds, and what the server has stored. */
const caseArb = formConfigArb().chain((config) => {
  const { compiled } = buildFormModel(config);
  return fc.record({
    config: fc.constant(config),
    ctx: accessContextArb(compiled),
    data: formDataArb(compiled),
    stored: fc.option(formDataArb(compiled), { nil: null }),
    emptied: fc.boolean(),
    merge: fc.boolean(),
  });
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** The server's errors as the renderer keys them: store path -> first message. */
function byStorePath(errors: FormDataError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const p = toStorePath(e.path);
    if (!(p in out)) out[p] = e.message;
  }
  return out;
}

describe('browser and server validation (property)', () => {
  it('the renderer refuses exactly what the server refuses, for every platform, node layer and mode', () => {
    fc.assert(
      fc.property(caseArb, ({ config, ctx, data, stored, emptied, merge }) => {
        const platform = ctx.platform ?? 'pc';
        const operates = (ctx.operates ?? []) as FieldOperate[];
        const input = emptied ? Object.fromEntries(Object.keys(data).map((k) => [k, null])) : data;
        // the browser: the form compiled by the renderer, the layers it builds
        const compiled = compile(config, 'zh');
        const store = new FormStore(
          input,
          compiled.tables.map((t) => t.vModel),
        );
        // the server: the form as it reads it from JSON, the node's operates from the flow's JSON
        const server = buildFormModel(JSON.parse(JSON.stringify(config)));
        const access = accessOf(server.compiled, {
          platform,
          operates: JSON.parse(JSON.stringify(operates)),
        });
        for (const mode of ['submit', 'save'] as const) {
          const browser = validate(
            compiled,
            store.getData(),
            rendererLayers(platform, operates, store),
            mode,
          );
          const taken = acceptInput(server.compiled, access, input, stored, { mode, merge });
          expect(byStorePath(taken.result.errors)).toEqual(browser);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('a field checked on its own (blur or change) gets the message the whole form gives it', () => {
    fc.assert(
      fc.property(caseArb, ({ config, ctx, data, emptied }) => {
        const platform = ctx.platform ?? 'pc';
        const input = emptied ? Object.fromEntries(Object.keys(data).map((k) => [k, null])) : data;
        const compiled = compile(config, 'zh');
        const layers = rendererLayers(platform, ctx.operates ?? undefined, new FormStore(input));
        const all = validate(compiled, input, layers);
        for (const f of compiled.fields) {
          if (f.table) continue;
          const one = validate(compiled, input, layers, 'submit', f.vModel);
          const mine = Object.fromEntries(
            Object.entries(all).filter(([p]) => p === f.vModel || p.startsWith(`${f.vModel}.`)),
          );
          expect(one).toEqual(mine);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  /** A case whose form declares random fields (main fields, columns, sub-tables) in scriptEffects. */
  const declaredArb = caseArb.chain((c) => {
    const { compiled } = buildFormModel(c.config);
    const names = compiled.fields.map((f) => (f.table ? `${f.table}-${f.vModel}` : f.vModel));
    const override = fc.record(
      {
        hidden: fc.option(fc.boolean(), { nil: undefined }),
        disabled: fc.option(fc.boolean(), { nil: undefined }),
        required: fc.option(fc.boolean(), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    const keys = [...new Set(compiled.fields.map((f) => f.vModel))];
    return fc.record({
      c: fc.constant(c),
      declared: fc.subarray(names),
      // what the scripts did, by the store's ui key (a main field's vModel, a column's name)
      ui: fc.tuple(...keys.map(() => override)).map((os) => new Map(keys.map((k, i) => [k, os[i]!]))),
    });
  });
  /** Both sides of one case: the browser with the scripts' overrides in its store, the server without. */
  function sides(
    { c, declared }: { c: Case; declared: string[] },
    ui: ReadonlyMap<string, FieldUiState>,
    mode: 'submit' | 'save',
  ) {
    const config = { ...c.config, scriptEffects: { onLoad: declared } };
    const platform = c.ctx.platform ?? 'pc';
    const operates = (c.ctx.operates ?? []) as FieldOperate[];
    const input = c.emptied ? Object.fromEntries(Object.keys(c.data).map((k) => [k, null])) : c.data;
    const compiled = compile(config, 'zh');
    const store = new FormStore(
      input,
      compiled.tables.map((t) => t.vModel),
    );
    for (const [k, o] of ui) store.setUi(k, o);
    const browser = validate(compiled, store.getData(), rendererLayers(platform, operates, store), mode);
    const server = buildFormModel(JSON.parse(JSON.stringify(config)));
    const access = accessOf(server.compiled, { platform, operates: JSON.parse(JSON.stringify(operates)) });
    const taken = acceptInput(server.compiled, access, input, c.stored, { mode, merge: c.merge });
    return { compiled, browser, server: taken.result.errors };
  }

  it('scripts that make the declared fields optional: the browser refuses exactly what the server refuses, whatever setRequired(false) does to the others', () => {
    fc.assert(
      fc.property(declaredArb, ({ c, declared, ui }) => {
        const compiled = compile({ ...c.config, scriptEffects: { onLoad: declared } }, 'zh');
        // declared: setRequired(false); undeclared: setRequired(false) at random (ignored on a required field)
        const relaxed = new Map<string, FieldUiState>();
        for (const [k, o] of ui) {
          const isDeclared = compiled.fields.some((f) => f.vModel === k && f.scriptRelaxable);
          relaxed.set(k, isDeclared || o.required === false ? { required: false } : {});
        }
        for (const mode of ['submit', 'save'] as const) {
          const { browser, server } = sides({ c, declared }, relaxed, mode);
          expect(byStorePath(server)).toEqual(browser);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('whatever the scripts do, the server never requires a field the browser does not', () => {
    fc.assert(
      fc.property(declaredArb, ({ c, declared, ui }) => {
        for (const mode of ['submit', 'save'] as const) {
          const { browser, server } = sides({ c, declared }, ui, mode);
          const required = byStorePath(server.filter((e) => e.rule === 'required'));
          for (const [p, message] of Object.entries(required)) expect(browser[p], p).toBe(message);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
