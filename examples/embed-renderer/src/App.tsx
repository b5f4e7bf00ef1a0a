import { createMemoryProviders, FormRenderer, type FormRendererHandle } from '@kp/renderer';
import type { FormConfig, Language } from '@kp/schema';
import { useMemo, useRef, useState } from 'react';
import expenseClaim from '../../forms/expense-claim.json';
import { demoData } from './demoData';
import { withLanguages } from './languages';
import { widgetsForm } from './widgetsForm';

const claim = withLanguages(expenseClaim as unknown as FormConfig);

/**
 * A host-less app: the renderer gets an example form and in-memory providers, nothing else. `?view=widgets`
 * shows the rich-text and popup form instead of the expense claim.
 */
export function App() {
  const config = useMemo(
    () => (new URLSearchParams(window.location.search).get('view') === 'widgets' ? widgetsForm : claim),
    [],
  );
  const providers = useMemo(() => createMemoryProviders(demoData), []);
  const ref = useRef<FormRendererHandle>(null);
  const [language, setLanguage] = useState<Language>('zh');
  const [submitted, setSubmitted] = useState<unknown>(null);
  return (
    <div style={{ maxWidth: 1100, margin: '24px auto', fontFamily: 'sans-serif' }}>
      <h1 style={{ fontSize: 20 }}>@kp/renderer embed example</h1>
      <select
        aria-label="language"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
      >
        <option value="zh">中文</option>
        <option value="zhtw">繁體中文</option>
        <option value="en">English</option>
      </select>
      <FormRenderer
        ref={ref}
        config={config}
        providers={providers}
        language={language}
        onSubmit={(data, ctx) => {
          setSubmitted(data);
          ctx.afterSubmit();
        }}
      />
      {submitted ? (
        <pre data-testid="submitted" style={{ background: '#f5f5f5', padding: 12 }}>
          {JSON.stringify(submitted, null, 2)}
        </pre>
      ) : null}
    </div>
  );
}
