// A new field carries its kind's declared defaults (engine kind modules), copied per field.
import { kindOf, registeredKinds } from '@kp/engine';
import { describe, expect, it } from 'vitest';
import { makeField } from './fieldFactory';

describe('makeField', () => {
  it('carries every default a kind declares, field and __config__', () => {
    for (const kind of registeredKinds()) {
      const { field } = makeField(kind.key, 101);
      for (const [k, v] of Object.entries(kind.defaults?.field ?? {}))
        expect((field as Record<string, unknown>)[k], `${kind.key}.${k}`).toEqual(v);
      for (const [k, v] of Object.entries(kind.defaults?.config ?? {}))
        expect((field.__config__ as Record<string, unknown>)[k], `${kind.key}.__config__.${k}`).toEqual(v);
    }
    expect(makeField('barcode', 101).field.format).toBe('code128');
    expect(makeField('billRule', 101).field.__config__.rule).toBe('');
  });

  it('copies them: two fields never share an array, and the kind keeps its own', () => {
    const a = makeField('table', 101).field;
    const b = makeField('table', 201).field;
    (a.summaryField as string[]).push('amount');
    expect(b.summaryField).toEqual([]);
    expect(kindOf('table')?.defaults?.field?.summaryField).toEqual([]);
  });

  it('adds the texts in the designer language and the options of an options kind', () => {
    expect(typeof makeField('JNPFText', 101).field.content).toBe('string');
    expect(makeField('JNPFText', 101).field.textStyle).toMatchObject({ 'font-size': 12 });
    expect(typeof makeField('button', 101).field.buttonText).toBe('string');
    const checkbox = makeField('checkbox', 101).field;
    expect(checkbox.__config__.defaultValue).toEqual([]);
    expect(checkbox.__slot__?.options).toHaveLength(2);
    expect(makeField('cascader', 101).field.__config__.dataType).toBe('static');
    expect(makeField('numInput', 101).field.__config__.defaultValue).toBeUndefined();
  });
});
