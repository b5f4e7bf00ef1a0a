import { FLOW_LABELS, type Label } from './seed-labels';

/**
 * The seeded dictionaries (migration 0090: types with fixed ids, data ids `${typeId}-${enCode}`) in every
 * language (issue 20). zh is the name 0090 writes and stays in full_name; migration 0174 writes the labels
 * into full_name_i18n of the rows still holding that zh. Dictionaries an administrator creates have no
 * labels and show as typed. zhtw is checked with opencc-js in dictionary-labels.test.ts.
 */
export const DICTIONARY_LABELS: Record<string, { label: Label; items: Record<string, Label> }> = {
  'dict-leave-type': {
    label: { zh: '请假类型', zhtw: '請假類型', en: 'Leave type' },
    items: {
      annual: { zh: '年假', zhtw: '年假', en: 'Annual leave' },
      personal: { zh: '事假', zhtw: '事假', en: 'Personal leave' },
      sick: { zh: '病假', zhtw: '病假', en: 'Sick leave' },
      marriage: { zh: '婚假', zhtw: '婚假', en: 'Marriage leave' },
      maternity: { zh: '产假', zhtw: '產假', en: 'Maternity leave' },
      funeral: { zh: '丧假', zhtw: '喪假', en: 'Bereavement leave' },
      compensatory: { zh: '调休', zhtw: '調休', en: 'Time off in lieu' },
    },
  },
  'dict-expense-type': {
    label: { zh: '费用类型', zhtw: '費用類型', en: 'Expense type' },
    items: {
      travel: { zh: '差旅费', zhtw: '差旅費', en: 'Travel' },
      transport: { zh: '交通费', zhtw: '交通費', en: 'Transport' },
      meal: { zh: '餐费', zhtw: '餐費', en: 'Meals' },
      office: { zh: '办公费', zhtw: '辦公費', en: 'Office expenses' },
      entertainment: { zh: '招待费', zhtw: '招待費', en: 'Hospitality' },
      communication: { zh: '通讯费', zhtw: '通訊費', en: 'Communication' },
      training: { zh: '培训费', zhtw: '培訓費', en: 'Training' },
    },
  },
  'dict-meeting-type': {
    label: { zh: '会议类型', zhtw: '會議類型', en: 'Meeting type' },
    items: {
      routine: { zh: '例会', zhtw: '例會', en: 'Regular meeting' },
      project: { zh: '项目会议', zhtw: '項目會議', en: 'Project meeting' },
      review: { zh: '评审会议', zhtw: '評審會議', en: 'Review meeting' },
      training: { zh: '培训会议', zhtw: '培訓會議', en: 'Training session' },
      customer: { zh: '客户会议', zhtw: '客戶會議', en: 'Client meeting' },
      other: { zh: '其他', zhtw: '其他', en: 'Other' },
    },
  },
  'dict-document-type': {
    label: { zh: '公文类型', zhtw: '公文類型', en: 'Document type' },
    items: {
      notice: { zh: '通知', zhtw: '通知', en: 'Notice' },
      request: { zh: '请示', zhtw: '請示', en: 'Request for instructions' },
      report: { zh: '报告', zhtw: '報告', en: 'Report' },
      reply: { zh: '批复', zhtw: '批覆', en: 'Official reply' },
      letter: { zh: '函', zhtw: '函', en: 'Letter' },
      minutes: { zh: '纪要', zhtw: '紀要', en: 'Minutes' },
      decision: { zh: '决定', zhtw: '決定', en: 'Decision' },
    },
  },
  'dict-urgency': {
    label: { zh: '紧急程度', zhtw: '緊急程度', en: 'Urgency' },
    items: {
      normal: { zh: '普通', zhtw: '普通', en: 'Normal' },
      urgent: { zh: '紧急', zhtw: '緊急', en: 'Urgent' },
      extraUrgent: { zh: '特急', zhtw: '特急', en: 'Extra urgent' },
    },
  },
};

/** The seeded dictionary rows with their labels: sys_dictionary_type ids, and sys_dictionary_data ids. */
export function seededDictionaryLabels(): { types: Array<[string, Label]>; data: Array<[string, Label]> } {
  const entries = Object.entries(DICTIONARY_LABELS);
  return {
    types: entries.map(([id, d]) => [id, d.label]),
    data: entries.flatMap(([id, d]) =>
      Object.entries(d.items).map(([code, l]): [string, Label] => [`${id}-${code}`, l]),
    ),
  };
}

/**
 * The example flows' print templates (wf_print_template `${flowId}-print`, named `${flow name}打印模板` by the
 * workflow seed): their names in every language, from the flow's labels.
 */
export function printTemplateLabel(flowName: string): Label | undefined {
  const l = FLOW_LABELS[flowName];
  return l && { zh: `${l.zh}打印模板`, zhtw: `${l.zhtw}列印模板`, en: `${l.en} print template` };
}

/** The seeded print templates' ids with their labels (migration 0174 writes them into older databases). */
export const PRINT_TEMPLATE_LABELS: Array<[string, Label]> = (
  [
    ['wf-leave-print', '请假申请'],
    ['wf-expense-print', '费用报销'],
  ] as const
).flatMap(([id, flow]) => {
  const l = printTemplateLabel(flow);
  return l ? [[id, l] as [string, Label]] : [];
});
