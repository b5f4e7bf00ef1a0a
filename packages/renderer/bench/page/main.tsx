// Bench page: mounts our renderer or a stock @rjsf/core + @rjsf/antd form of the same schema.
import { compileForm } from '@kp/engine';
import { createMemoryProviders, FormRenderer } from '@kp/renderer';
import type { FormConfig } from '@kp/schema';
import { Theme } from '@rjsf/antd';
import { withTheme } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const StockForm = withTheme(Theme);

export type Case = 'f10' | 'f1000' | 't500';

function fieldsConfig(n: number): FormConfig {
  return {
    fields: Array.from({ length: n }, (_, i) => ({
      __config__: { jnpfKey: 'comInput', label: `字段${i}`, formId: 100 + i, span: 24 },
      __vModel__: `f${i}`,
    })),
  } as unknown as FormConfig;
}

function tableConfig(): FormConfig {
  const col = (jnpfKey: string, vModel: string, label: string) => ({
    __config__: { jnpfKey, label, formId: vModel.length, relationTable: 'items', isSubTable: true },
    __vModel__: vModel,
  });
  return {
    fields: [
      {
        __config__: {
          jnpfKey: 'table',
          label: '明细',
          formId: 1,
          children: [
            col('comInput', 'desc', '说明'),
            col('numInput', 'price', '单价'),
            col('numInput', 'qty', '数量'),
          ],
        },
        __vModel__: 'items',
        showSummary: true,
        summaryField: ['price', 'qty'],
      },
    ],
  } as unknown as FormConfig;
}

const configs: Record<Case, () => FormConfig> = {
  f10: () => fieldsConfig(10),
  f1000: () => fieldsConfig(1000),
  t500: () => tableConfig(),
};

const initial = (c: Case): Record<string, unknown> =>
  c === 't500'
    ? { items: Array.from({ length: 500 }, (_, i) => ({ desc: `行${i}`, price: i, qty: 1 })) }
    : {};

function Stock({ schema, data }: { schema: Record<string, unknown>; data: Record<string, unknown> }) {
  const [formData, setFormData] = useState(data);
  return (
    <StockForm
      schema={schema}
      validator={validator}
      formData={formData}
      onChange={(e) => setFormData(e.formData)}
    >
      <></>
    </StockForm>
  );
}

let root: Root | null = null;
const providers = createMemoryProviders({});

function mount(kind: 'ours' | 'stock', c: Case): void {
  root?.unmount();
  const el = document.getElementById('root') as HTMLElement;
  root = createRoot(el);
  const config = configs[c]();
  if (kind === 'ours') {
    root.render(
      <FormRenderer config={config} providers={providers} value={initial(c)} showButtons={false} />,
    );
  } else {
    const compiled = compileForm(config);
    root.render(
      <Stock
        schema={compiled.schema as Record<string, unknown>}
        data={{ ...compiled.defaults, ...initial(c) }}
      />,
    );
  }
}

/** Time of the synchronous part (event handler + React render and commit) of each keystroke. */
const syncTimes: number[] = [];
const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (
  v: string,
) => void;
const nextPaint = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** Types `n` characters into the input, each time timing the event until the next frame was painted. */
async function measure(selector: string, n: number, budgetMs = 25_000): Promise<number[]> {
  const times: number[] = [];
  let text = '';
  const start = performance.now();
  // Slow forms stop after the time budget (at least 4 keystrokes), so one run stays bounded.
  for (let i = 0; i < n && (i < 4 || performance.now() - start < budgetMs); i++) {
    const input = document.querySelector(selector) as HTMLInputElement | null;
    if (!input) throw new Error(`no input ${selector}`);
    input.focus();
    text += String.fromCharCode(97 + (i % 26));
    const t0 = performance.now();
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    syncTimes.push(performance.now() - t0);
    await nextPaint();
    times.push(performance.now() - t0);
  }
  return times;
}

function takeSync(): number[] {
  return syncTimes.splice(0);
}

(window as unknown as { kpBench: unknown }).kpBench = { mount, measure, takeSync };
