import type { FormConfig } from '@kp/renderer';

/** A small form with the rich-text editor and the data-interface popups (`?view=widgets`). */
export const widgetsForm = {
  labelWidth: 100,
  gutter: 15,
  span: 24,
  idGlobal: 110,
  fields: [
    {
      __config__: { jnpfKey: 'comInput', label: '标题', required: true, formId: 101 },
      __vModel__: 'title',
    },
    {
      __config__: { jnpfKey: 'popupTableSelect', label: '客户', formId: 102 },
      __vModel__: 'customers',
      interfaceId: 'customers',
      propsValue: 'id',
      relationField: 'name',
      multiple: true,
      columnOptions: [
        { value: 'name', label: '名称' },
        { value: 'code', label: '编码' },
      ],
    },
    {
      __config__: { jnpfKey: 'popupSelect', label: '主客户', formId: 103 },
      __vModel__: 'mainCustomer',
      interfaceId: 'customers',
      propsValue: 'id',
      relationField: 'name',
      popupType: 'drawer',
    },
    {
      __config__: { jnpfKey: 'popupAttr', label: '主客户编码', formId: 104 },
      relationField: 'mainCustomer',
      showField: 'code',
    },
    {
      __config__: { jnpfKey: 'editor', label: '正文', required: true, formId: 105 },
      __vModel__: 'body',
      height: 160,
    },
  ],
} as unknown as FormConfig;
