/**
 * Menu entries of the seed (spec 1 §2.1/2.2, spec 2, spec 3, spec 4): one tree covering every area.
 * type: 1 directory, 2 page, 7 link, 17 portal page. Pages carry the default buttons (btn_add,
 * btn_edit, btn_remove) plus their own, and columns/forms where the admin screens use them.
 */
export interface SeedMenu {
  enCode: string;
  fullName: string;
  type: number;
  url?: string;
  icon?: string;
  category?: string;
  buttons?: Array<[string, string]>;
  columns?: Array<[string, string]>;
  forms?: Array<[string, string]>;
  props?: Record<string, unknown>;
  linkTarget?: string;
  children?: SeedMenu[];
}

const CRUD: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];
const page = (
  enCode: string,
  fullName: string,
  url: string,
  icon: string,
  extra: Partial<SeedMenu> = {},
): SeedMenu => ({
  enCode,
  fullName,
  type: 2,
  url,
  icon,
  buttons: CRUD,
  ...extra,
});

export const SEED_MENUS: SeedMenu[] = [
  page('home', '首页', 'home', 'icon-ym icon-ym-nav-home', { buttons: [] }),
  {
    enCode: 'portal',
    fullName: '门户',
    type: 1,
    icon: 'icon-ym icon-ym-portal',
    children: [
      {
        enCode: 'portal.group',
        fullName: '集团门户',
        type: 17,
        url: 'portal/group',
        icon: 'icon-ym icon-ym-portal',
        category: '3',
      },
      page('portal.design', '门户设计', 'onlineDev/portal', 'icon-ym icon-ym-portal-design', {
        buttons: [...CRUD, ['btn_release', '发布'], ['btn_setRole', '门户权限']],
      }),
    ],
  },
  {
    enCode: 'workFlow',
    fullName: '协同办公',
    type: 1,
    icon: 'icon-ym icon-ym-workFlow',
    children: [
      page('workFlow.flowEngine', '流程设计', 'workFlow/flowEngine', 'icon-ym icon-ym-flowDesign', {
        buttons: [...CRUD, ['btn_copy', '复制'], ['btn_release', '发布'], ['btn_export', '导出']],
      }),
      page('workFlow.flowLaunch', '发起流程', 'workFlow/flowLaunch/FlowIndex', 'icon-ym icon-ym-flowLaunch', {
        buttons: [],
      }),
      page('workFlow.flowLaunchList', '我发起的', 'workFlow/flowLaunch', 'icon-ym icon-ym-flowLaunch', {
        buttons: [
          ['btn_withdraw', '撤回'],
          ['btn_press', '催办'],
          ['btn_remove', '删除'],
        ],
      }),
      page('workFlow.flowTodo', '待办事宜', 'workFlow/flowTodo', 'icon-ym icon-ym-flowTodo', {
        buttons: [['btn_batch', '批量审批']],
      }),
      page('workFlow.flowDone', '已办事宜', 'workFlow/flowDone', 'icon-ym icon-ym-flowDone', { buttons: [] }),
      page('workFlow.flowCirculate', '抄送事宜', 'workFlow/flowCirculate', 'icon-ym icon-ym-flowCirculate', {
        buttons: [],
      }),
      // an entrust is added or removed, never edited (no edit route, no edit on the page)
      page('workFlow.entrust', '流程委托', 'workFlow/entrust', 'icon-ym icon-ym-flowEntrust', {
        buttons: [
          ['btn_add', '新增'],
          ['btn_remove', '删除'],
        ],
      }),
      page('workFlow.flowMonitor', '流程监控', 'workFlow/flowMonitor', 'icon-ym icon-ym-flowMonitor', {
        // each manager operation has its own button (workflow/manager-actions.ts MONITOR_BUTTONS)
        // (no 删除: a monitored flow is never deleted by its manager)
        buttons: [
          ['btn_assign', '指派'],
          ['btn_cancel', '终止'],
          ['btn_save', '保存'],
          ['btn_rearchive', '重新归档'],
          ['btn_suspend', '挂起/恢复'],
        ],
      }),
    ],
  },
  {
    enCode: 'oa',
    fullName: '办公管理',
    type: 1,
    icon: 'icon-ym icon-ym-oa',
    children: [
      page('oa.news', '公司新闻', 'oa/news', 'icon-ym icon-ym-news', {
        buttons: [...CRUD, ['btn_release', '发布']],
      }),
      page('oa.notice', '通知公告', 'oa/notice', 'icon-ym icon-ym-notice', {
        buttons: [...CRUD, ['btn_release', '发布']],
      }),
      page('oa.msgList', '消息', 'oa/msgList', 'icon-ym icon-ym-message', {
        buttons: [...CRUD, ['btn_release', '发布']],
      }),
      // a booking is made (btn_add), edited or cancelled (btn_edit); meetings are never deleted
      page('oa.conference', '会议室预约', 'oa/conference', 'icon-ym icon-ym-conference', {
        buttons: [
          ['btn_add', '新增'],
          ['btn_edit', '编辑'],
        ],
      }),
      page('WDQC01', '公文起草', 'WDQC01', 'icon-ym icon-ym-document'),
      page('WDKQ01', '考勤管理', 'WDKQ01', 'icon-ym icon-ym-attendance', {
        buttons: [['btn_correct', '补卡']],
      }),
    ],
  },
  {
    enCode: 'permission',
    fullName: '系统管理',
    type: 1,
    icon: 'icon-ym icon-ym-permission',
    children: [
      page('permission.organize', '组织管理', 'permission/organize', 'icon-ym icon-ym-organization', {
        columns: [
          ['fullName', '名称'],
          ['enCode', '编码'],
          ['creatorTime', '创建时间'],
        ],
        forms: [
          ['fullName', '名称'],
          ['enCode', '编码'],
          ['managerId', '主管'],
        ],
      }),
      page('permission.department', '部门管理', 'permission/department', 'icon-ym icon-ym-department', {
        columns: [
          ['fullName', '名称'],
          ['enCode', '编码'],
          ['manager', '部门主管'],
        ],
      }),
      page('permission.position', '岗位管理', 'permission/position', 'icon-ym icon-ym-position'),
      page('permission.user', '用户管理', 'permission/user', 'icon-ym icon-ym-user', {
        buttons: [
          ...CRUD,
          ['btn_resetPassword', '重置密码'],
          ['btn_state', '启用/禁用'],
          ['btn_unlock', '解锁'],
          ['btn_export', '导出'],
          ['btn_import', '导入'],
        ],
        columns: [
          ['account', '账号'],
          ['realName', '姓名'],
          ['gender', '性别'],
          ['mobilePhone', '手机'],
          ['organize', '所属组织'],
          ['creatorTime', '创建时间'],
        ],
        forms: [
          ['account', '账号'],
          ['realName', '姓名'],
          ['mobilePhone', '手机'],
          ['email', '邮箱'],
        ],
      }),
      page('permission.role', '角色管理', 'permission/role', 'icon-ym icon-ym-role', {
        buttons: [...CRUD, ['btn_state', '启用/禁用']],
      }),
      page('permission.group', '分组管理', 'permission/group', 'icon-ym icon-ym-group'),
      page('permission.authorize', '权限授权', 'permission/authorize', 'icon-ym icon-ym-authorize', {
        buttons: [['btn_edit', '授权']],
      }),
      page('permission.onlineUser', '在线用户', 'permission/onlineUser', 'icon-ym icon-ym-onlineUser', {
        buttons: [['btn_remove', '强制下线']],
      }),
    ],
  },
  {
    enCode: 'systemData',
    fullName: '系统数据',
    type: 1,
    icon: 'icon-ym icon-ym-systemData',
    children: [
      page('systemData.dictionary', '数据字典', 'systemData/dictionary', 'icon-ym icon-ym-dictionary', {
        buttons: [...CRUD, ['btn_export', '导出']],
      }),
      page('systemData.area', '行政区划', 'systemData/area', 'icon-ym icon-ym-area'),
      page(
        'systemData.dataInterface',
        '数据接口',
        'systemData/dataInterface',
        'icon-ym icon-ym-dataInterface',
        {
          buttons: [...CRUD, ['btn_export', '导出'], ['btn_preview', '测试']],
        },
      ),
      page('systemData.billRule', '单据规则', 'systemData/billRule', 'icon-ym icon-ym-billRule', {
        buttons: [...CRUD, ['btn_export', '导出']],
      }),
      page('systemData.printDev', '打印设计', 'system/printDev', 'icon-ym icon-ym-print', {
        buttons: [...CRUD, ['btn_copy', '复制'], ['btn_export', '导出']],
      }),
      // System configuration (name, logo, version, login page): the server allows administrators only.
      page('systemData.sysConfig', '系统配置', 'system/sysConfig', 'icon-ym icon-ym-sysConfig', {
        buttons: [['btn_edit', '编辑']],
      }),
    ],
  },
  {
    enCode: 'onlineDev',
    fullName: '在线开发',
    type: 1,
    icon: 'icon-ym icon-ym-onlineDev',
    children: [
      page('onlineDev.webDesign', '功能设计', 'onlineDev/webDesign', 'icon-ym icon-ym-webDesign', {
        buttons: [...CRUD, ['btn_copy', '复制'], ['btn_release', '发布']],
      }),
      page('generator.webForm', '代码生成', 'generator/webForm', 'icon-ym icon-ym-generator', {
        buttons: [
          ['btn_download', '下载代码'],
          ['btn_preview', '预览代码'],
        ],
      }),
    ],
  },
];
