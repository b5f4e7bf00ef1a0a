// The same form with stock @rjsf/core + @rjsf/antd + antd: the expense claim's data JSON Schema (compiled by
// the bench before the build and handed in as a virtual module, so none of our code is in this bundle).

import schema from 'virtual:expense-schema';
import { Theme } from '@rjsf/antd';
import { withTheme } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';

const Form = withTheme(Theme);
createRoot(document.getElementById('root') as HTMLElement).render(
  <Form schema={schema} validator={validator} onSubmit={(e) => console.log('submitted', e.formData)} />,
);
