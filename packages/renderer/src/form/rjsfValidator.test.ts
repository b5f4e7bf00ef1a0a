import { compileForm } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import expense from '../../../../examples/forms/expense-claim.json' with { type: 'json' };
import { matchesSchema, rjsfValidator } from './rjsfValidator';

describe('rjsf validator (schema resolution only)', () => {
  it('checks type, enum, const, required, properties, items and the combinators', () => {
    const s = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: ['string', 'null'] }, n: { type: 'integer' }, e: { enum: [1, 2] } },
    };
    expect(matchesSchema(s, { a: 'x' })).toBe(true);
    expect(matchesSchema(s, { a: null, n: 3, e: 2 })).toBe(true);
    expect(matchesSchema(s, {})).toBe(false);
    expect(matchesSchema(s, { a: 1 })).toBe(false);
    expect(matchesSchema(s, { a: 'x', n: 1.5 })).toBe(false);
    expect(matchesSchema(s, { a: 'x', e: 3 })).toBe(false);
    expect(matchesSchema({ type: 'array', items: { type: 'number' } }, [1, 2])).toBe(true);
    expect(matchesSchema({ type: 'array', items: { type: 'number' } }, [1, 'x'])).toBe(false);
    expect(matchesSchema({ oneOf: [{ const: 'a' }, { type: 'string' }] }, 'a')).toBe(false);
    expect(matchesSchema({ oneOf: [{ const: 'a' }, { type: 'number' }] }, 'a')).toBe(true);
    expect(matchesSchema({ anyOf: [{ type: 'number' }, { type: 'boolean' }] }, 'a')).toBe(false);
    expect(matchesSchema({ not: { type: 'string' } }, 1)).toBe(true);
    const x: RJSFSchema = { $ref: '#/definitions/s' };
    const root: RJSFSchema = { definitions: { s: { type: 'string' } }, properties: { x } };
    expect(rjsfValidator.isValid(x, 'ok', root)).toBe(true);
    expect(rjsfValidator.isValid(x, 1, root)).toBe(false);
  });

  it("accepts the expense claim's defaults against its compiled schema, and never reports data errors", () => {
    const c = compileForm(expense as unknown as FormConfig);
    expect(matchesSchema(c.schema, c.defaults)).toBe(true);
    expect(rjsfValidator.validateFormData({ x: 1 }, { type: 'string' })).toEqual({
      errors: [],
      errorSchema: {},
    });
  });
});
