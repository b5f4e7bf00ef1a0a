import type { MemoryData } from '@kp/renderer';

/** In-memory data for the example: one organisation with two departments and three users. */
export const demoData: MemoryData = {
  currentUser: { userId: 'u1', userName: '张三', organizeId: 'o1', departmentId: 'd1' },
  orgTrees: {
    department: [
      {
        id: 'o1',
        fullName: '示例集团',
        children: [
          { id: 'd1', fullName: '研发部' },
          { id: 'd2', fullName: '财务部' },
          { id: 'd3', fullName: '已停用部门', enabledMark: 0 },
        ],
      },
    ],
    organize: [{ id: 'o1', fullName: '示例集团' }],
  },
  userTree: [
    {
      id: 'o1',
      fullName: '示例集团',
      children: [
        { id: 'u1', fullName: '张三', type: 'user' },
        { id: 'u2', fullName: '李四', type: 'user' },
        { id: 'u3', fullName: '王五', type: 'user' },
      ],
    },
  ],
  subordinates: ['u2', 'u3'],
  billRules: { expenseApply: 'BX202600001' },
  popupRows: {
    customers: [
      { id: 'c1', name: '甲公司', code: 'A001' },
      { id: 'c2', name: '乙公司', code: 'B002' },
      { id: 'c3', name: '丙公司', code: 'C003' },
    ],
  },
};
