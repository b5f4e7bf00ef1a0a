import type { PortalLayout } from '@kp/schema';
import { http } from '../../api/http';

export interface Paged<T> {
  list: T[];
  pagination?: { currentPage?: number; pageSize?: number; total: number };
}

export interface PortalView {
  id: string;
  fullName: unknown;
  enCode: string;
  formData: PortalLayout;
  /** The caller sees a personal (customised) layout. */
  isPersonal?: boolean;
}

/** Calls of the portal home (spec 1 §7, spec 3 §7). Widget lists are silent: failures only stop loading. */
export const portalApi = {
  /** The caller's default portal (his own layout when he customised it). */
  info: () => http.get<PortalView>('/api/portal/info', undefined, { silent: true }),
  /** A portal by id (menu types 8 and 11); designers also get the draft, users see userFormData. */
  byId: (id: string) =>
    http.get<PortalView & { userFormData?: PortalLayout }>(
      `/api/portal/${encodeURIComponent(id)}`,
      undefined,
      {
        silent: true,
      },
    ),
  savePersonal: (id: string, formData: PortalLayout) =>
    http.post<null>(`/api/portal/personal/${id}`, { formData }, { showSuccess: true }),
  reset: (id: string) => http.post<PortalView>(`/api/portal/${id}/Reset`, undefined, { showSuccess: true }),

  news: (pageSize: number) =>
    http.get<Paged<NewsRow>>(
      '/api/Bussiness/CompanyNews/list/0',
      { currentPage: 1, pageSize },
      { silent: true },
    ),
  notices: (pageSize: number) =>
    http.get<Paged<NoticeRow>>(
      '/api/Bussiness/CompanyNotice/list/0',
      { currentPage: 1, pageSize },
      { silent: true },
    ),
  messages: (pageSize: number) =>
    http.get<Paged<NoticeRow>>(
      '/api/Bussiness/Message/List/0',
      { currentPage: 1, pageSize },
      { silent: true },
    ),
  /** Workflow list by category: 1 to-do, otherwise circulated. */
  flows: (category: number, pageSize: number) =>
    http.get<Paged<TaskRow>>(
      `/api/workflow/Engine/FlowBefore/List/${category === 1 ? 1 : 3}`,
      { currentPage: 1, pageSize },
      { silent: true },
    ),
  items: (pageSize: number) =>
    http.get<Paged<ItemRow>>(
      '/api/Bussiness/workflow/ToDoList',
      { currentPage: 1, pageSize },
      { silent: true },
    ),
  documents: (pageSize: number, keyword?: string) =>
    http.get<Paged<DocumentRow>>(
      '/api/Bussiness/personalfile/List',
      { currentPage: 1, pageSize, keyword },
      { silent: true },
    ),
  attendance: (month?: string) =>
    http.get<AttendanceSummary>('/api/Bussiness/attendance/KQUnchecked', { month }, { silent: true }),
  calendar: (startdate: string, enddate: string) =>
    http.get<Record<string, { checked: boolean; times: number[] }>>(
      '/api/Bussiness/attendance/calendar',
      { startdate, enddate },
      { silent: true },
    ),
  checkIn: () =>
    http.post<{ day: string; checkTime: number }>('/api/Bussiness/attendance/checkIn', undefined, {
      showSuccess: true,
    }),
  meetings: (startTime: string, pageSize: number) =>
    http.get<Paged<import('./widgetLogic').MeetingRow>>(
      '/api/Bussiness/Conference',
      { currentPage: 1, pageSize, close: true, startTime },
      { silent: true },
    ),
};

export interface NewsRow {
  id: string;
  title: string;
  contents?: string;
  creatorTime: number;
  readType: boolean;
  coverFiles?: Array<{ url?: string }>;
}
export interface NoticeRow {
  id: string;
  title: string;
  userName?: string;
  creatorTime: number;
  readType: boolean;
}
export interface TaskRow {
  id: string;
  processId?: string;
  flowId?: string;
  fullName: string;
  status: number;
  userName: string;
  from?: string;
  flowName?: string;
  creatorTime: number;
  pressMark?: number;
  thisStep?: string;
  /** 1: a task of another system, opened at its webUrl (with a one-time user code). */
  isOut?: number;
  webUrl?: string | null;
}
export interface ItemRow {
  title: string;
  contents: string;
  url: string;
}
export interface DocumentRow {
  id?: string;
  title: string;
  username: string;
  createtime: number | string;
  contents?: string;
  url?: string;
}
export interface AttendanceSummary {
  checkedDay: number;
  uncheckedDay: number;
  uncheckedList: Array<{ day: string; url: string }>;
}
