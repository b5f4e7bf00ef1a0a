// The expense claim example embedded the way the renderer README shows: FormRenderer, in-memory providers.
import { createMemoryProviders, type FormConfig, FormRenderer } from '@kp/renderer';
import { createRoot } from 'react-dom/client';
import expenseClaim from '../../../../examples/forms/expense-claim.json';

const providers = createMemoryProviders({ currentUser: { userId: 'u1', userName: '张三' } });
createRoot(document.getElementById('root') as HTMLElement).render(
  <FormRenderer
    config={expenseClaim as unknown as FormConfig}
    providers={providers}
    onSubmit={(data, ctx) => {
      console.log('submitted', data);
      ctx.afterSubmit();
    }}
  />,
);
