// Property-based checks of the form engine over generated and garbage configs (split from form.test.ts).
import { ajv, type FormConfig, JNPF_KEYS, validateFormConfig } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formConfigArb, formDataArb } from '../testing/form';
import { compileForm } from './compile';
import { amountWords, tableSummary } from './display';
import { recalculate } from './recalculate';
import { validateFormData } from './validate';

describe('generated forms and data', () => {
  it('generated configs validate and compile cleanly; generated data passes and fits the schema', () => {
    fc.assert(
      fc.property(
        formConfigArb().chain((config) => {
          const compiled = compileForm(config);
          return fc.tuple(fc.constant(config), fc.constant(compiled), formDataArb(compiled));
        }),
        ([config, compiled, data]) => {
          expect(validateFormConfig(config)).toMatchObject({ ok: true });
          expect(compiled.errors).toEqual([]);
          expect(validateFormData(compiled, data).errors).toEqual([]);
          expect(ajv.validate(compiled.schema, data)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it('removing a required value fails with the exact message', () => {
    fc.assert(
      fc.property(
        formConfigArb()
          .map((config) => compileForm(config))
          .filter((c) => c.fields.some((x) => x.required && !x.hidden))
          .chain((compiled) => fc.tuple(fc.constant(compiled), formDataArb(compiled), fc.nat())),
        ([compiled, data, pick]) => {
          const required = compiled.fields.filter((x) => x.required && !x.hidden);
          const target = required[pick % required.length]!;
          let broken: Record<string, unknown>;
          let path: string;
          if (target.table) {
            const rows = (data[target.table] as Record<string, unknown>[]) ?? [];
            const row = { ...(rows[0] ?? {}), [target.vModel]: null };
            broken = { ...data, [target.table]: [row, ...rows.slice(1)] };
            path = `${target.table}[0].${target.vModel}`;
          } else {
            broken = { ...data, [target.vModel]: Array.isArray(data[target.vModel]) ? [] : '' };
            path = target.vModel;
          }
          const r = validateFormData(compiled, broken);
          expect(r.ok).toBe(false);
          const err = r.errors.find((e) => e.path === path);
          expect(err?.message).toBe(target.table ? '不能为空' : target.requiredMessage);
          expect(err?.message).toMatch(target.table ? /^不能为空$/ : /不能为空$|^请至少选择一个|^请/);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});

describe('robustness', () => {
  it('compileForm, validateFormData, recalculate, tableSummary and amountWords never throw on garbage', () => {
    const { field } = fc.letrec((tie) => ({
      field: fc.record(
        {
          __config__: fc.record(
            {
              jnpfKey: fc.constantFrom(...JNPF_KEYS),
              required: fc.boolean(),
              label: fc.jsonValue(),
              regList: fc.jsonValue(),
              children: fc.oneof(fc.jsonValue(), fc.array(tie('field'), { maxLength: 3 })),
              defaultValue: fc.jsonValue(),
              props: fc.jsonValue(),
              decimalPlace: fc.jsonValue(),
            },
            { requiredKeys: ['jnpfKey'] },
          ),
          __vModel__: fc.oneof(fc.constantFrom('a', 'b', 't', 'c'), fc.jsonValue()),
          expression: fc.oneof(
            fc.jsonValue(),
            fc.array(fc.constantFrom('a', 'b', '+', '*', '1', 't.a', '(', ')')),
          ),
          placeholder: fc.jsonValue(),
          multiple: fc.jsonValue(),
          summaryField: fc.jsonValue(),
          __slot__: fc.jsonValue(),
          min: fc.jsonValue(),
          range: fc.jsonValue(),
        },
        { requiredKeys: ['__config__'] },
      ),
    }));
    fc.assert(
      fc.property(fc.array(field, { maxLength: 6 }), fc.jsonValue(), (fields, data) => {
        const c = compileForm({ fields } as unknown as FormConfig);
        validateFormData(c, data);
        recalculate(c, data as Record<string, unknown>, 'a');
        recalculate(c, data as Record<string, unknown>);
        for (const t of c.tables) tableSummary(c, t.vModel, data);
        amountWords(c, data);
      }),
      { numRuns: 500 },
    );
    expect(compileForm(null as unknown as FormConfig).fields).toEqual([]);
  }, 120_000);
});
