import type { FormConfig } from '@kp/schema';
import { configure } from '@testing-library/react';
import { createMemoryProviders, type MemoryData } from '../providers/memory';

// The machine running the suite may be shared and slow: give findBy/waitFor more than the default 1 s.
configure({ asyncUtilTimeout: 8000 });

/** Builds a form config from loose field objects (tests only). */
export const form = (fields: unknown[], extra: Record<string, unknown> = {}): FormConfig =>
  ({ labelWidth: 100, gutter: 15, span: 24, fields, ...extra }) as unknown as FormConfig;

let id = 100;
export const field = (
  jnpfKey: string,
  vModel: string | undefined,
  config: Record<string, unknown> = {},
  props: Record<string, unknown> = {},
) => ({
  __config__: { jnpfKey, label: vModel ?? jnpfKey, formId: id++, span: 24, ...config },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...props,
});

export const memoryData: MemoryData = {
  currentUser: { userId: 'u1', userName: '张三', organizeId: 'o1' },
  dictionaries: {
    expenseType: [
      { id: 'd1', enCode: 'travel', fullName: '差旅' },
      { id: 'd2', enCode: 'meal', fullName: '餐费' },
    ],
  },
  orgTrees: {
    // the server's role tree (Role/Selector): the 全局角色 node with the global roles, then the units holding roles
    role: [
      {
        id: 'global',
        fullName: '全局角色',
        type: 'global',
        children: [
          { id: 'r1', fullName: '普通用户', type: 'role' },
          { id: 'r4', fullName: '停用全局', type: 'role', enabledMark: 0 },
        ],
      },
      {
        id: 'o1',
        fullName: '总部',
        type: 'company',
        children: [
          { id: 'r2', fullName: '部门主管', type: 'role' },
          { id: 'r3', fullName: '停用角色', type: 'role', enabledMark: 0 },
        ],
      },
    ],
    department: [
      {
        id: 'o1',
        fullName: '总部',
        children: [
          { id: 'dep1', fullName: '研发部' },
          { id: 'dep2', fullName: '停用部', enabledMark: 0 },
        ],
      },
    ],
  },
  userTree: [
    {
      id: 'o1',
      fullName: '总部',
      children: [
        { id: 'u1', fullName: '张三', type: 'user' },
        { id: 'u2', fullName: '李四', type: 'user' },
        { id: 'u3', fullName: '王五', type: 'user', enabledMark: 0 },
      ],
    },
  ],
  subordinates: ['u2'],
  regions: [
    {
      id: 'p1',
      fullName: '广东省',
      children: [
        {
          id: 'c1',
          fullName: '深圳市',
          children: [{ id: 'd1', fullName: '南山区', children: [{ id: 's1', fullName: '粤海街道' }] }],
        },
        { id: 'c2', fullName: '广州市', children: [{ id: 'd2', fullName: '天河区' }] },
      ],
    },
  ],
  popupRows: {
    customers: [
      { id: 'c1', name: '甲公司', code: 'A001' },
      { id: 'c2', name: '乙公司', code: 'B002' },
    ],
  },
  relationRecords: { contracts: [{ id: 'k1', title: '合同一', amount: 100 }] },
  billRules: { expense: 'BX20260001' },
};

export const providers = () => createMemoryProviders(memoryData);
