/** Fixed routes of spec 1 §2.1 that live under the main layout. `page` is a key of router/pages. */
export interface FixedRoute {
  path: string;
  titleKey: string;
  page?: string;
  affix?: boolean;
  hidden?: boolean;
  noCache?: boolean;
}

export const FIXED_ROUTES: FixedRoute[] = [
  { path: '/home', titleKey: 'route.home', page: 'home', affix: true },
  { path: '/messageRecord', titleKey: 'route.messageRecord' },
  { path: '/previewModel', titleKey: 'route.previewModel' },
  { path: '/profile', titleKey: 'route.profile', page: 'profile' },
  { path: '/group', titleKey: 'route.group' },
  { path: '/emailDetail', titleKey: 'route.emailDetail' },
  { path: '/workFlowDetail', titleKey: 'route.workFlowDetail', noCache: true },
  { path: '/external', titleKey: 'route.external' },
  { path: '/user/form', titleKey: 'route.userForm', hidden: true },
  { path: '/workFlow/workFlowInfo', titleKey: 'route.flowInfo', hidden: true },
  { path: '/oa/msgList', titleKey: 'route.msgList' },
  { path: '/oa/notice', titleKey: 'route.notice' },
  { path: '/oa/news', titleKey: 'route.news' },
  { path: '/oa/conference', titleKey: 'route.conference' },
  { path: '/workFlow/flowTodo', titleKey: 'route.flowTodo' },
  { path: '/workFlow/flowCirculate', titleKey: 'route.flowCirculate' },
  { path: '/workFlow/flowLaunch/FlowIndex', titleKey: 'route.flowLaunch' },
  { path: '/WDQC01', titleKey: 'route.wdqc' },
  { path: '/WDKQ01', titleKey: 'route.wdkq' },
  { path: '/404', titleKey: 'route.notFound', page: 'notFound', hidden: true, noCache: true },
];
