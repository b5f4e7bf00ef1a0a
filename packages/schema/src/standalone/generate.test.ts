// The precompiled validators (src/generated/validators.js) are what the browser runs in place of ajv's
// run-time compile (the site's CSP has no 'unsafe-eval'). They must be exactly what the schemas give today:
// a schema changed without `npm run gen:validators -w packages/schema` fails here.
// biome-ignore lint/correctness/noNodejsModules: the test reads the committed generated files
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import * as generated from '../generated/validators';
import { issuesOf } from '../validator';
import { AJV_OPTIONS, generateValidatorsCode, generateValidatorsDts } from './generate';
import { standaloneSchemas } from './schemas';

const read = (name: string) => readFileSync(new URL(`../generated/${name}`, import.meta.url), 'utf8');
const STALE = 'src/generated is stale: run `npm run gen:validators -w packages/schema` and commit it';

describe('precompiled validators', () => {
  it('the committed module is what the schemas generate today', () => {
    expect(read('validators.js') === generateValidatorsCode(), STALE).toBe(true);
    expect(read('validators.d.ts') === generateValidatorsDts(), STALE).toBe(true);
  });

  it('holds no eval, no new Function and no require', () => {
    const code = read('validators.js');
    expect(code).not.toMatch(/\bnew Function\b|\bFunction\(|\beval\(|\brequire\(/);
  });

  it('exports one validator per schema, each answering as ajv compiled at run time does', () => {
    const { shared, exports } = standaloneSchemas();
    const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: false } });
    for (const s of Object.values(shared)) ajv.addSchema(s);
    const samples: unknown[] = [
      null,
      {},
      { fields: [{ __config__: { jnpfKey: 'comInput', span: 99 }, __vModel__: '1x' }] },
      { __config__: { jnpfKey: 'comInput', label: 3, span: 0 }, __vModel__: 'a', maxlength: 'x' },
      { nodeId: '', type: 'nope', properties: {} },
      { layout: [{ i: 1 }] },
    ];
    for (const [name, schema] of Object.entries(exports)) {
      const fn = (generated as Record<string, ((d: unknown) => boolean) & { errors?: unknown }>)[name];
      expect(fn, name).toBeTypeOf('function');
      const own = (schema as { $id?: string }).$id;
      const runtime = ajv.compile({ ...(schema as object), $id: own ?? `KpRuntime_${name}` });
      for (const sample of samples) {
        expect(fn!(sample), `${name} ${JSON.stringify(sample)}`).toBe(runtime(sample));
        expect(issuesOf(fn!.errors as never)).toEqual(issuesOf(runtime.errors));
      }
      if (own) ajv.removeSchema(own);
    }
  });
});
