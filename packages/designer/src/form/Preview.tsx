import * as renderer from '@kp/renderer';
import type { ComponentType } from 'react';
import type { FormConfig } from './types';

type RendererModule = {
  FormRenderer?: ComponentType<{
    config: FormConfig;
    providers?: unknown;
    formData?: Record<string, unknown>;
  }>;
  createMemoryProviders?: (data?: unknown) => unknown;
};

/** The preview: the config rendered by @kp/renderer's FormRenderer with the given (or in-memory) providers. */
export function FormPreview({ config, providers }: { config: FormConfig; providers?: unknown }) {
  const r = renderer as unknown as RendererModule;
  const FormRenderer = r.FormRenderer;
  if (!FormRenderer) return <pre data-testid="preview-fallback">{JSON.stringify(config, null, 2)}</pre>;
  return (
    <div data-testid="form-preview">
      <FormRenderer config={config} providers={providers ?? r.createMemoryProviders?.()} />
    </div>
  );
}
