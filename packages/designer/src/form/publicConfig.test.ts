// One FormConfig: what the designer hands out is what the renderer takes (checked by tsc, and at runtime).
import { compileForm } from '@kp/engine';
import type { FormRendererProps } from '@kp/renderer';
import type { FormConfig } from '@kp/schema';
import { validateFormConfig } from '@kp/schema';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { emptyForm, type FormDesignerProps, parseFormJson } from '../index';
import { FormDesignerStore } from './store';
import { published } from './types';

type Saved = Parameters<NonNullable<FormDesignerProps['onSave']>>[0];

describe('the public FormConfig', () => {
  it('is @kp/schema FormConfig on the designer and the renderer alike', () => {
    expectTypeOf<Saved>().toEqualTypeOf<FormConfig>();
    expectTypeOf<Parameters<NonNullable<FormDesignerProps['onChange']>>[0]>().toEqualTypeOf<FormConfig>();
    expectTypeOf<FormDesignerProps['value']>().toEqualTypeOf<FormConfig | undefined>();
    expectTypeOf<FormRendererProps['config']>().toEqualTypeOf<FormConfig>();
    expectTypeOf(emptyForm).returns.toEqualTypeOf<FormConfig>();
  });

  it('a designed config passes the schema and compiles for the renderer', () => {
    const store = new FormDesignerStore(emptyForm());
    const saved: FormConfig = published(store.getConfig());
    expect(validateFormConfig(saved).ok).toBe(true);
    const rendererConfig: FormRendererProps['config'] = saved;
    expect(compileForm(rendererConfig).errors).toEqual([]);
    const parsed = parseFormJson(JSON.stringify(saved));
    expect(parsed.ok).toBe(true);
  });
});
