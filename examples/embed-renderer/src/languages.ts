import type { FormConfig } from '@kp/schema';

type Texts = { zh: string; zhtw: string; en: string };

/**
 * Per-language texts for the expense claim: field labels (by vModel, or by jnpfKey for fields without one),
 * the group title and the expense-type options. The renderer picks `label[language]` from the config.
 */
const LABELS: Record<string, Texts> = {
  groupTitle: { zh: '分组标题', zhtw: '分組標題', en: 'Group title' },
  billNo: { zh: '单据编号', zhtw: '單據編號', en: 'Bill number' },
  claimDate: { zh: '报销日期', zhtw: '報銷日期', en: 'Claim date' },
  claimant: { zh: '报销人', zhtw: '報銷人', en: 'Claimant' },
  department: { zh: '所属部门', zhtw: '所屬部門', en: 'Department' },
  tableField106: { zh: '费用明细', zhtw: '費用明細', en: 'Expense lines' },
  expenseType: { zh: '费用类型', zhtw: '費用類型', en: 'Expense type' },
  spentOn: { zh: '发生日期', zhtw: '發生日期', en: 'Date' },
  note: { zh: '说明', zhtw: '說明', en: 'Note' },
  price: { zh: '单价', zhtw: '單價', en: 'Unit price' },
  quantity: { zh: '数量', zhtw: '數量', en: 'Quantity' },
  amount: { zh: '金额', zhtw: '金額', en: 'Amount' },
  invoices: { zh: '发票', zhtw: '發票', en: 'Invoices' },
  totalAmount: { zh: '费用合计', zhtw: '費用合計', en: 'Total expenses' },
  advance: { zh: '预支金额', zhtw: '預支金額', en: 'Advance' },
  payable: { zh: '应付金额', zhtw: '應付金額', en: 'Payable' },
  remark: { zh: '备注', zhtw: '備註', en: 'Remarks' },
};
const CONTENT: Record<string, Texts> = {
  报销信息: { zh: '报销信息', zhtw: '報銷資訊', en: 'Claim details' },
};
const OPTIONS: Record<string, Texts> = {
  traffic: { zh: '交通费', zhtw: '交通費', en: 'Transport' },
  hotel: { zh: '住宿费', zhtw: '住宿費', en: 'Hotel' },
  meal: { zh: '餐费', zhtw: '餐費', en: 'Meals' },
  office: { zh: '办公用品', zhtw: '辦公用品', en: 'Office supplies' },
  other: { zh: '其他', zhtw: '其他', en: 'Other' },
};

type Loose = Record<string, unknown> & { __config__: Record<string, unknown>; __vModel__?: string };

function translate(f: Loose): Loose {
  const cfg = f.__config__;
  const key = f.__vModel__ ?? String(cfg.jnpfKey);
  const out: Loose = { ...f, __config__: { ...cfg, label: LABELS[key] ?? cfg.label } };
  if (typeof f.content === 'string' && CONTENT[f.content]) out.content = CONTENT[f.content];
  const slot = f.__slot__ as { options?: { id: string; fullName: unknown }[] } | undefined;
  if (slot?.options) {
    out.__slot__ = {
      ...slot,
      options: slot.options.map((o) => ({ ...o, fullName: OPTIONS[o.id] ?? o.fullName })),
    };
  }
  if (Array.isArray(cfg.children)) {
    out.__config__.children = (cfg.children as Loose[]).map(translate);
  }
  return out;
}

/** The config with `{zh, zhtw, en}` texts in place of the Chinese ones. */
export function withLanguages(config: FormConfig): FormConfig {
  const fields = (config.fields as unknown as Loose[]).map(translate);
  return { ...config, fields } as unknown as FormConfig;
}
