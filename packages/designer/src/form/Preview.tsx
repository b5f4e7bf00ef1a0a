import { createMemoryProviders, FormRenderer, type FormRendererProps } from '@kp/renderer';
import type { FormConfig as SchemaFormConfig } from '@kp/schema';
import { useMemo } from 'react';
import type { FormConfig } from './types';

export type PreviewProviders = FormRendererProps['providers'];

/** The preview: the config rendered by @kp/renderer's FormRenderer with the given (or in-memory) providers. */
export function FormPreview({
  config,
  providers,
  platform = 'pc',
  language,
}: {
  config: FormConfig;
  providers?: PreviewProviders;
  platform?: 'pc' | 'app';
  language?: FormRendererProps['language'];
}) {
  const p = useMemo(() => providers ?? createMemoryProviders(), [providers]);
  return (
    <div data-testid="form-preview">
      <FormRenderer
        config={config as unknown as SchemaFormConfig}
        providers={p}
        platform={platform}
        language={language}
      />
    </div>
  );
}
