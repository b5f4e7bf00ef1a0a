import { describe, expect, it } from 'vitest';
import { wfZh } from './i18n';
import {
  canResubmit,
  checkApproval,
  checkAssign,
  checkCandidates,
  checkCommentFiles,
  checkReason,
  commentAttachments,
  commentIsEmpty,
  commentsEnded,
  encodeDetailConfig,
  fillPrintTemplate,
  handleStatusKey,
  managerButtonAllowed,
  nearBottom,
  parseDetailConfig,
  printableRecords,
  recordsHaveOpinion,
  recordsTableHtml,
  reminderText,
  statusTag,
  timeline,
} from './model';

const DAY = 86_400_000;
const zhText = (key: string) => key.split('.').reduce<any>((o, k) => o?.[k], wfZh);

describe('workflow list rules (spec 2 §4)', () => {
  it('status tags: 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, others 等待审核', () => {
    expect([2, 3, 4, 5, 1, 0, null].map((s) => zhText(statusTag(s).key))).toEqual([
      '审核通过',
      '审核驳回',
      '流程撤回',
      '审核终止',
      '等待审核',
      '等待审核',
      '等待审核',
    ]);
  });
  it('reminder: pressMark 1 → 已催办; ≥ 3 whole days → 已滞留N天; else nothing', () => {
    const now = Date.UTC(2026, 0, 10);
    expect(reminderText({ pressMark: 1, creatorTime: now }, now)).toEqual({ key: 'reminder.pressed' });
    expect(reminderText({ pressMark: 0, creatorTime: now - 3 * DAY }, now)).toEqual({
      key: 'reminder.stay',
      days: 3,
    });
    expect(reminderText({ pressMark: 0, creatorTime: now - 4.9 * DAY }, now)).toEqual({
      key: 'reminder.stay',
      days: 4,
    });
    expect(reminderText({ pressMark: 0, creatorTime: now - 3 * DAY + 1 }, now)).toBeNull();
    expect(reminderText({}, now)).toBeNull();
  });
});

describe('records (spec 2 §2, §4)', () => {
  it('handle status reading A texts', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((s) => zhText(handleStatusKey(s)))).toEqual([
      '审核拒绝',
      '审核通过',
      '发起',
      '撤回',
      '流程终止',
      '指派',
      '加签',
      '转审',
    ]);
    // the monitor's own operations (server manager-actions.ts MANAGER_RECORD)
    expect([8, 9, 10, 11].map((s) => zhText(handleStatusKey(s)))).toEqual([
      '管理员保存',
      '重新归档',
      '挂起',
      '恢复',
    ]);
  });
  it('a manager operation (opType 4) shows only with its monitor button; other dialogs are not affected', () => {
    const held = new Set(['btn_assign']);
    const btn = (c: string) => held.has(c);
    expect(['save', 'refile', 'assign', 'terminate'].filter((k) => managerButtonAllowed(4, k, btn))).toEqual([
      'assign',
    ]);
    expect(managerButtonAllowed(4, 'cancel', btn)).toBe(true);
    expect(managerButtonAllowed(1, 'save', () => false)).toBe(true);
  });
  it('withdraw and press in the detail of my launched flow (opType 0) show only with their buttons', () => {
    const held = new Set(['btn_press']);
    const btn = (c: string) => held.has(c);
    expect(['withdraw', 'press', 'copy', 'cancel'].filter((k) => managerButtonAllowed(0, k, btn))).toEqual([
      'press',
      'copy',
      'cancel',
    ]);
    expect(managerButtonAllowed(1, 'withdraw', () => false)).toBe(true);
  });
  it('timeline is newest first and ends with flow ended when there is an end time', () => {
    const recs = [
      { id: 'a', handleTime: 1, handleStatus: 2 },
      { id: 'c', handleTime: 3, handleStatus: 0 },
      { id: 'b', handleTime: 2, handleStatus: 1 },
    ];
    const tl = timeline(recs, 4);
    expect(tl.map((x) => (x.kind === 'record' ? x.record.id : 'end'))).toEqual(['c', 'b', 'a', 'end']);
    expect(timeline(recs, null).some((x) => x.kind === 'end')).toBe(false);
  });
  it('records badge ignores the automatic-approval opinion', () => {
    expect(recordsHaveOpinion([{ handleOpinion: '系统自动审批通过' }, { handleOpinion: ' ' }])).toBe(false);
    expect(recordsHaveOpinion([{ handleOpinion: '同意' }])).toBe(true);
  });
  it('print keeps only handle status 0 and 1 (reading B)', () => {
    expect(
      printableRecords([{ handleStatus: 2 }, { handleStatus: 1 }, { handleStatus: 0 }, { handleStatus: 7 }]),
    ).toEqual([{ handleStatus: 1 }, { handleStatus: 0 }]);
  });
});

describe('dialog checks (spec 2 §5)', () => {
  it('reject needs an opinion, approve does not; signing needs a signature', () => {
    expect(zhText(checkApproval('reject', { opinion: '  ' }) ?? '')).toBe('请输入审批意见！');
    expect(checkApproval('audit', { opinion: '' })).toBeNull();
    expect(zhText(checkApproval('audit', { hasSign: true }) ?? '')).toBe('请签名');
    expect(checkApproval('audit', { hasSign: true, signImg: 'data:image/png;base64,x' })).toBeNull();
  });
  it('candidates, assign and reasons', () => {
    expect(zhText(checkCandidates([{ nodeId: 'a' }, { nodeId: 'b' }], { a: ['u'], b: [] }) ?? '')).toBe(
      '审批人不能为空',
    );
    expect(checkCandidates([{ nodeId: 'a' }], { a: ['u'] })).toBeNull();
    expect(zhText(checkAssign({}) ?? '')).toBe('请选择指派节点');
    expect(zhText(checkAssign({ nodeCode: 'n' }) ?? '')).toBe('请选择指派给谁');
    expect(checkAssign({ nodeCode: 'n', userId: 'u' })).toBeNull();
    expect(zhText(checkReason('withdraw', ' ') ?? '')).toBe('输入不能为空');
    expect(zhText(checkReason('recall', '') ?? '')).toBe('输入不能为空');
    expect(checkReason('terminate', '')).toBeNull();
  });
  it('detail config round-trips (base64 JSON with Chinese text) and reads URI-encoded JSON', () => {
    const v = { opType: 1, taskId: 't1', title: '请假申请' };
    expect(parseDetailConfig(encodeDetailConfig(v))).toEqual(v);
    expect(parseDetailConfig(encodeURIComponent(JSON.stringify(v)))).toEqual(v);
    expect(parseDetailConfig('garbage')).toBeNull();
  });
});

describe('print templates', () => {
  it('fills {field} placeholders escaped, {approvalRecords} with the table; only PNG data signatures pass', () => {
    const table = recordsTableHtml([
      {
        nodeName: '审批',
        userName: '王<b>',
        status: '审核通过',
        opinion: '同意',
        signImg: 'data:image/png;base64,AAAA',
        time: 't',
      },
      { nodeName: 'x', userName: 'y', status: 's', signImg: 'javascript:alert(1)', time: 't' },
    ]);
    expect(table).toContain('<img alt="" src="data:image/png;base64,AAAA"');
    expect(table).not.toContain('javascript:');
    expect(table).toContain('王&lt;b&gt;');
    const out = fillPrintTemplate(
      '<p>{reason}</p><p>{missing}</p>{approvalRecords}',
      { reason: '<script>x</script>' },
      table,
    );
    expect(out).toBe(`<p>&lt;script&gt;x&lt;/script&gt;</p><p></p>${table}`);
  });
});

describe('comments (spec 2 §5, §9)', () => {
  const MB = 1024 * 1024;
  const img = (name: string, size = MB, type = 'image/png') => ({ name, size, type });
  it('images: image types only, at most 9, 50 MB each', () => {
    expect(checkCommentFiles('image', 0, [img('a.png'), img('b.JPG', MB, 'image/jpeg')])).toBeNull();
    expect(zhText(checkCommentFiles('image', 0, [img('a.pdf', MB, 'application/pdf')]) ?? '')).toBe(
      '请上传图片',
    );
    expect(checkCommentFiles('image', 0, [img('a.png', MB, 'text/html')])).toBe('dlg.commentImageOnly');
    expect(zhText(checkCommentFiles('image', 8, [img('a.png'), img('b.png')]) ?? '')).toBe('最多上传9张图片');
    expect(checkCommentFiles('image', 8, [img('a.png')])).toBeNull();
    expect(checkCommentFiles('image', 0, [img('a.png', 50 * MB - 1)])).toBeNull();
    expect(zhText(checkCommentFiles('image', 0, [img('a.png', 50 * MB)]) ?? '')).toBe('文件大小不能超过50MB');
  });
  it('files: xls, xlsx, doc, docx, pdf, txt, ppt, pptx; at most 9; 50 MB each', () => {
    const ok = ['a.xls', 'a.xlsx', 'a.doc', 'a.docx', 'a.pdf', 'a.txt', 'a.ppt', 'a.PPTX'].map((n) => ({
      name: n,
      size: MB,
    }));
    expect(checkCommentFiles('file', 0, ok)).toBeNull();
    expect(checkCommentFiles('file', 0, [{ name: 'a.exe', size: 1 }])).toBe('dlg.commentFileType');
    expect(checkCommentFiles('file', 0, [{ name: 'noext', size: 1 }])).toBe('dlg.commentFileType');
    expect(checkCommentFiles('file', 2, ok)).toBe('dlg.commentMaxFiles');
    expect(checkCommentFiles('file', 0, [{ name: 'a.pdf', size: 50 * MB }])).toBe('dlg.commentFileSize');
    expect(checkCommentFiles('file', 0, [{ name: 'a.pdf', size: 50 * MB - 1 }])).toBeNull();
  });
  it('评论不能为空 unless text, an image or a file is given', () => {
    expect(commentIsEmpty({ text: '  ', image: [], file: [] })).toBe(true);
    expect(commentIsEmpty({ text: 'x', image: [], file: [] })).toBe(false);
    expect(commentIsEmpty({ text: '', image: [{}], file: [] })).toBe(false);
    expect(commentIsEmpty({ text: '', image: [], file: [{}] })).toBe(false);
  });
  it('paging: next page within 600 px of the bottom; a short page ends the list', () => {
    expect(nearBottom({ scrollTop: 0, scrollHeight: 1600, clientHeight: 1000 })).toBe(true);
    expect(nearBottom({ scrollTop: 0, scrollHeight: 1601, clientHeight: 1000 })).toBe(false);
    expect(nearBottom({ scrollTop: 1, scrollHeight: 1601, clientHeight: 1000 })).toBe(true);
    expect(commentsEnded(20)).toBe(false);
    expect(commentsEnded(19)).toBe(true);
    expect(commentsEnded(0)).toBe(true);
  });
  it('reads attachment lists given as JSON or as lists; drops entries without a url', () => {
    const a = { fileId: 'f1', url: '/api/file/Download/comment/f1.png', name: 'a.png', size: 3 };
    expect(commentAttachments(JSON.stringify([a, { name: 'x' }]))).toEqual([a]);
    expect(commentAttachments([a])).toEqual([a]);
    expect(commentAttachments('not json')).toEqual([]);
    expect(commentAttachments(undefined)).toEqual([]);
  });
});

describe('the approval loop: what the initiator may edit and resubmit', () => {
  it('rejected back (3) or withdrawn while not ended (4); never running, adopted or revoked for good', () => {
    expect(canResubmit({ status: 3, endTime: 1 })).toBe(true);
    expect(canResubmit({ status: 4, endTime: null })).toBe(true);
    expect(canResubmit({ status: 4, endTime: 1767225600000 })).toBe(false);
    for (const status of [0, 1, 2, 5]) expect(canResubmit({ status })).toBe(false);
  });
});

describe('header badges follow the server (initMessage, then every messagePush)', () => {
  it('to-do and to-read counts go up and down with the pushes; other pushes leave them', async () => {
    const { applyCounts } = await import('../../services/socket');
    const { countsStore, resetCounts } = await import('../../store/counts');
    resetCounts();
    applyCounts({ method: 'initMessage', dealtCount: 0, consultCount: 2, unreadNoticeCount: 0 });
    expect(countsStore.get()).toMatchObject({ todo: 0, toRead: 2 });
    applyCounts({
      method: 'messagePush',
      unreadNoticeCount: 0,
      unreadMessageCount: 1,
      dealtCount: 1,
      consultCount: 2,
    });
    expect(countsStore.get()).toMatchObject({ todo: 1, toRead: 2 });
    applyCounts({ method: 'messagePush', unreadNoticeCount: 0, unreadMessageCount: 1 });
    expect(countsStore.get()).toMatchObject({ todo: 1, toRead: 2 });
    applyCounts({ method: 'messagePush', unreadNoticeCount: 0, dealtCount: 0, consultCount: 1 });
    expect(countsStore.get()).toMatchObject({ todo: 0, toRead: 1 });
  });
});
