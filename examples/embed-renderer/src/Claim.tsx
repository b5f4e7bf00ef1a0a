import { createMemoryProviders, type FormConfig, FormRenderer } from '@kp/renderer';
import expenseClaim from '../../forms/expense-claim.json';

const providers = createMemoryProviders({ currentUser: { userId: 'u1', userName: '张三' } });
const config = expenseClaim as unknown as FormConfig;

export const Claim = () => (
  <FormRenderer
    config={config}
    providers={providers}
    onSubmit={(data, ctx) => {
      console.log('submitted', data);
      ctx.afterSubmit();
    }}
  />
);
