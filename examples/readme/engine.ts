import { amountInWords } from '@kp/engine/amount';
import { compileForm, recalculate, validateFormData } from '@kp/engine/form';
import type { FormConfig } from '@kp/schema';

const price = { __config__: { jnpfKey: 'numInput', label: '单价', required: true }, __vModel__: 'price' };
const total = {
  __config__: { jnpfKey: 'calculate', label: '合计' },
  __vModel__: 'total',
  expression: ['price', '*', '2'],
};
const form = compileForm({ fields: [price, total] } as unknown as FormConfig); // form.errors: [] here
const data = recalculate(form, { ...form.defaults, price: 12.5 }); // { price: 12.5, total: 25 }
console.log(validateFormData(form, data).ok); // true (without a price: 单价不能为空)
console.log(amountInWords(Number(data.total))); // 贰拾伍元整
