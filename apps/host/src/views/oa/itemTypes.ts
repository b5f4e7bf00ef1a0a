import type { Attachment } from './model';
import type { Recipient } from './Recipients';
import type { PickUser } from './UserPicker';

/** Types of the news / notice / message screens. */
export interface Row {
  id: string;
  title: string;
  userName: string;
  creatorUserId: string;
  creatorTime: string | number;
  readType: boolean;
  isMark: boolean;
  isDraft: boolean;
  isRemind: boolean;
  isImportant: boolean;
}

export interface Detail {
  id: string;
  title: string;
  userName: string;
  creatorUserId: string;
  formtDate: string | number;
  contents: string;
  files: Attachment[];
  coverFiles?: Attachment[];
  isImportant: number | boolean;
  isRemind: number | boolean;
  isDraft: number | boolean;
  isMark: number | boolean;
  reportUserName?: string | null;
  oaGeneralReceiveList: Recipient[];
  acceptUsers: string;
}

export interface Draft {
  id?: string;
  title: string;
  contents: string;
  files: Attachment[];
  coverFiles: Attachment[];
  recipients: PickUser[];
  isImportant: boolean;
  isRemind: boolean;
  reportUserName: string;
}
export const emptyDraft = (): Draft => ({
  title: '',
  contents: '',
  files: [],
  coverFiles: [],
  recipients: [],
  isImportant: false,
  isRemind: true,
  reportUserName: '',
});
