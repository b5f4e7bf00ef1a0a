import { fieldConfig, formConfig } from '../../test/harness';

/** A multipart body carrying one file, as the uploader route takes it. */
export function multipart(file: { name: string; data: Buffer }) {
  const boundary = `----kpvd${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// An expense-like item: a title, a category (static options), an amount, a calculated total over a
// sub-table of lines (item, price, quantity) — the online-development path of issue 9 end to end.
const cfg = fieldConfig;
export const FORM = formConfig([
  {
    __config__: cfg('comInput', '标题', { required: true, formId: 101 }),
    __vModel__: 'title',
    placeholder: '请输入标题',
  },
  {
    __config__: cfg('select', '类别', { formId: 102, dataType: 'static' }),
    __vModel__: 'kind',
    __slot__: {
      options: [
        { id: 'travel', fullName: '差旅' },
        { id: 'office', fullName: '办公' },
      ],
    },
  },
  { __config__: cfg('numInput', '预算', { formId: 103 }), __vModel__: 'budget' },
  {
    __config__: cfg('table', '明细', {
      formId: 104,
      children: [
        { __config__: cfg('comInput', '项目', { required: true, formId: 105 }), __vModel__: 'item' },
        { __config__: cfg('numInput', '单价', { formId: 106 }), __vModel__: 'price' },
        { __config__: cfg('numInput', '数量', { formId: 107 }), __vModel__: 'qty' },
        {
          __config__: cfg('calculate', '金额', { formId: 109 }),
          __vModel__: 'amount',
          expression: ['lines.price', '*', 'lines.qty'],
        },
      ],
    }),
    __vModel__: 'lines',
  },
  {
    __config__: cfg('calculate', '合计', { formId: 108 }),
    __vModel__: 'total',
    expression: ['lines.amount'],
  },
]);
export const COLUMNS = {
  columnList: [
    { prop: 'title', label: '标题' },
    { prop: 'kind', label: '类别' },
    { prop: 'budget', label: '预算', sortable: true },
    { prop: 'total', label: '合计' },
  ],
  searchList: [{ prop: 'title', label: '标题' }],
  btnsList: ['add', 'download', 'upload', 'batchRemove'],
  columnBtnsList: ['edit', 'detail', 'remove'],
  hasPage: true,
  pageSize: 20,
};
