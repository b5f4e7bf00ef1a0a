import { render } from '@testing-library/react';
import { createRef } from 'react';
import { FormRenderer, type FormRendererHandle, type FormRendererProps } from '../form/FormRenderer';
import type { FormProviders } from '../providers/types';
import { providers as defaultProviders, form } from './fixtures';

/** Renders a form of the given fields; returns the handle and the testing-library result. */
export function renderForm(
  fields: unknown[],
  opts: Partial<FormRendererProps> & { providers?: FormProviders } = {},
) {
  const ref = createRef<FormRendererHandle>();
  const utils = render(
    <FormRenderer
      ref={ref}
      config={form(fields)}
      providers={opts.providers ?? defaultProviders()}
      {...opts}
    />,
  );
  return { ref, ...utils, data: () => ref.current?.getData() ?? {} };
}
