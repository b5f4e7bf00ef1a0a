import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { applyCounts } from '../../services/socket';
import { activeChatStore, bellCount, countsStore, resetCounts, siteCountStore } from '../../store/counts';
import { bumpConversation, type Conversation, imageOf, mergeMessages } from '../chat/chatModel';
import { EMOJI, parseEmoji } from '../chat/emoji';
import { checkCommentPick } from './Comments';
import {
  attachmentsOf,
  checkAttachments,
  checkChatImage,
  formatTime,
  MAX_FILE_BYTES,
  previewKind,
  relativeTime,
  reminderAction,
  safeHtml,
  siteMessageAction,
  splitRecipients,
} from './model';
import { Recipients } from './Recipients';
import './i18n';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  cleanup();
  resetCounts();
});

describe('recipients (spec 1 §2.5, §9)', () => {
  const users = Array.from({ length: 23 }, (_, i) => ({ userId: `u${i}`, userName: `用户${i}` }));
  it('shows 20 and counts the rest', () => {
    expect(splitRecipients(users)).toMatchObject({ rest: 3 });
    expect(splitRecipients(users).shown).toHaveLength(20);
    expect(splitRecipients(users.slice(0, 20)).rest).toBe(0);
    expect(splitRecipients([])).toEqual({ shown: [], rest: 0 });
  });
  it('renders 20 tags and 还有3位接收人; add/remove only for the creator', () => {
    const props = {
      prefix: '/api/Bussiness/CompanyNotice',
      objectId: 'n1',
      objectType: 'notice' as const,
      onChanged: () => {},
    };
    const { rerender } = render(
      <AntApp>
        <Recipients list={users} isCreator={false} {...props} />
      </AntApp>,
    );
    expect(screen.getAllByTestId('recipient')).toHaveLength(20);
    expect(screen.getByTestId('recipients-more').textContent).toBe('还有3位接收人');
    expect(screen.queryByTestId('recipient-add')).toBeNull();
    expect(screen.queryByTestId('recipient-del')).toBeNull();
    rerender(
      <AntApp>
        <Recipients list={users} isCreator {...props} />
      </AntApp>,
    );
    expect(screen.getByTestId('recipient-add').textContent).toBe('添加接收人');
    expect(screen.getByTestId('recipient-del').textContent).toBe('删除接收人');
    fireEvent.click(screen.getByTestId('recipients-more'));
    expect(screen.getByText('接收人列表')).toBeTruthy();
  });
  it('a script payload in a name renders as text', () => {
    render(
      <AntApp>
        <Recipients
          list={[{ userId: 'x', userName: '<img src=x onerror=alert(1)>' }]}
          isCreator={false}
          prefix="/p"
          objectId="o"
          objectType="message"
          onChanged={() => {}}
        />
      </AntApp>,
    );
    const tag = screen.getByTestId('recipient');
    expect(tag.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(tag.querySelector('img')).toBeNull();
  });
});

describe('reminder button (spec 1 §4)', () => {
  it('reads close reminder when on (call x=1) and open reminder when off (x=0)', () => {
    expect(reminderAction(1)).toEqual({ labelKey: 'oa.closeRemind', x: 1 });
    expect(reminderAction(true)).toEqual({ labelKey: 'oa.closeRemind', x: 1 });
    expect(reminderAction(0)).toEqual({ labelKey: 'oa.openRemind', x: 0 });
    expect(reminderAction(null)).toEqual({ labelKey: 'oa.openRemind', x: 0 });
  });
});

describe('site message open actions by type (spec 1 §4)', () => {
  it('1 dialog, 5 external (no token: the opener adds a one-time code), 6/7/8 routes, 9 booking, others workflow', () => {
    expect(siteMessageAction(1, '')).toEqual({ kind: 'dialog' });
    // the session token is never put into the address (issue 34)
    expect(siteMessageAction(5, 'https://x.test/a?b=1')).toEqual({
      kind: 'external',
      url: 'https://x.test/a?b=1',
    });
    expect(siteMessageAction(5, 'javascript:alert(1)')).toEqual({ kind: 'error' });
    expect(siteMessageAction(6, 'm1')).toEqual({ kind: 'route', path: '/oa/msgList?id=m1' });
    expect(siteMessageAction(7, 'n1')).toEqual({ kind: 'route', path: '/oa/notice?id=n1' });
    expect(siteMessageAction('8', 'w1')).toEqual({ kind: 'route', path: '/oa/news?id=w1' });
    expect(siteMessageAction(9, 'b1')).toEqual({ kind: 'booking', id: 'b1' });
    const wf = siteMessageAction(2, '{"id":"task-1","taskId":"t"}');
    expect(wf.kind).toBe('workflow');
    const cfg = decodeURIComponent((wf as { path: string }).path.split('config=')[1]);
    expect(JSON.parse(decodeURIComponent(escape(atob(cfg))))).toEqual({ id: 'task-1', taskId: 't' });
    for (const t of [2, 5, 6, 7, 8, 9]) expect(siteMessageAction(t, '  ')).toEqual({ kind: 'error' });
  });
});

describe('attachments, preview and limits', () => {
  it('allows up to 99 files of 500 MB', () => {
    expect(checkAttachments(98, [{ size: 1 }])).toBeNull();
    expect(checkAttachments(99, [{ size: 1 }])).toBe('oa.maxFiles');
    expect(checkAttachments(0, [{ size: MAX_FILE_BYTES + 1 }])).toBe('oa.maxSize');
    expect(checkAttachments(0, [{ size: MAX_FILE_BYTES }])).toBeNull();
  });
  it('picks the in-browser viewer by extension', () => {
    expect(
      ['a.PNG', 'b.pdf', 'c.docx', 'd.xlsx', 'e.csv', 'f.txt', 'g.doc', 'h.zip'].map(previewKind),
    ).toEqual(['image', 'pdf', 'word', 'excel', 'excel', 'text', 'none', 'none']);
  });
  it('parses attachment lists from arrays or JSON text', () => {
    const f = { name: 'a.pdf', fileId: '1', url: '/api/file/Download/document/1.pdf' };
    expect(attachmentsOf([f, null, { name: 'x' }])).toEqual([f]);
    expect(attachmentsOf(JSON.stringify([f]))).toEqual([f]);
    expect(attachmentsOf('not json')).toEqual([]);
  });
  it('comment attachments: 9 images (images only, 50 MB) and 9 files of the listed types', () => {
    const img = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, fileId: `${i}`, url: '/i', size: 1 }));
    expect(checkCommentPick(img(8), [{ name: 'x.jpg', size: 1 }], 'image')).toBeNull();
    expect(checkCommentPick(img(9), [{ name: 'x.jpg', size: 1 }], 'image')).toBe('oa.maxImages');
    expect(checkCommentPick([], [{ name: 'x.pdf', size: 1 }], 'image')).toBe('oa.imageOnly');
    // "under 50 MB": exactly 50 MB is refused, one byte less is taken (images and files)
    expect(checkCommentPick([], [{ name: 'x.png', size: 50 * 1024 * 1024 }], 'image')).toBe('oa.imageTooBig');
    expect(checkCommentPick([], [{ name: 'x.png', size: 50 * 1024 * 1024 - 1 }], 'image')).toBeNull();
    expect(checkCommentPick([], [{ name: 'x.pdf', size: 50 * 1024 * 1024 }], 'file')).toBe('oa.fileTooBig');
    expect(checkCommentPick([], [{ name: 'x.pdf', size: 50 * 1024 * 1024 - 1 }], 'file')).toBeNull();
    expect(checkCommentPick(img(9), [{ name: 'x.docx', size: 1 }], 'file')).toBeNull();
    expect(checkCommentPick([], [{ name: 'x.exe', size: 1 }], 'file')).toBe('oa.commentFileType');
    const docs = Array.from({ length: 9 }, (_, i) => ({ name: `${i}.pdf`, fileId: `${i}`, url: '/d' }));
    expect(checkCommentPick(docs, [{ name: 'x.txt', size: 1 }], 'file')).toBe('oa.maxCommentFiles');
  });
  it('chat images: images only, under 5 MB (exactly 5 MB is refused)', () => {
    expect(checkChatImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 - 1 })).toBeNull();
    expect(checkChatImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBe(
      'chat.imageSize',
    );
    expect(checkChatImage({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('chat.imageOnly');
  });
});

describe('rich text is sanitised before it is shown', () => {
  it('drops scripts, handlers and javascript: links, keeps formatting', () => {
    const out = safeHtml(
      '<p>a<b>b</b></p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">l</a>',
    );
    expect(out).toContain('<b>b</b>');
    expect(out).not.toMatch(/onerror|<script|javascript:/);
  });
  it('keeps no borrowed class (a full-screen overlay) and no remote image (a tracking pixel) (issue 34)', () => {
    const out = safeHtml(
      '<div class="ant-modal-mask">x</div><img src="https://tracker.example/p.gif"><img src="/api/file/Image/annex/a.png">',
    );
    expect(out).toBe('<div>x</div><img src="/api/file/Image/annex/a.png">');
  });
});

describe('chat logic', () => {
  it('has the 120 bracket emoji and renders known codes only', () => {
    expect(EMOJI).toHaveLength(120);
    expect(new Set(EMOJI.map(([c]) => c)).size).toBe(120);
    expect(parseEmoji('hi [微笑][不存在]<b>')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', code: '微笑', glyph: '🙂' },
      { kind: 'text', text: '[不存在]<b>' },
    ]);
  });
  it('merges newest-first pages into one oldest-first list without duplicates', () => {
    const m = (id: string, t: number) => ({
      id,
      sendUserId: 'a',
      receiveUserId: 'b',
      contentType: 'text',
      content: id,
      sendTime: t,
    });
    expect(mergeMessages([m('2', 2), m('3', 3)], [m('3', 3), m('1', 1)]).map((x) => x.id)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
  it('an incoming message raises a conversation unread count unless that chat is open', () => {
    const list: Conversation[] = [
      {
        id: 'x',
        realName: 'X',
        account: 'x',
        unreadMessage: 0,
        latestMessage: 'old',
        messageType: 'text',
        latestDate: 1,
      },
    ];
    const from = { id: 'y', realName: 'Y', account: 'y' };
    const msg = { content: 'hi', messageType: 'text', date: 2 };
    const a = bumpConversation(list, from, msg, null, true);
    expect(a.map((c) => [c.id, c.unreadMessage])).toEqual([
      ['y', 1],
      ['x', 0],
    ]);
    expect(bumpConversation(a, from, msg, null, true)[0].unreadMessage).toBe(2);
    expect(bumpConversation(a, from, msg, 'y', true)[0].unreadMessage).toBe(1);
  });
  it('accepts image content only from the IM upload path', () => {
    expect(imageOf('{"name":"a.png","path":"/api/file/Download/IM/abc.png"}')).toMatchObject({
      name: 'a.png',
    });
    expect(imageOf({ path: 'javascript:alert(1)' })).toBeNull();
    expect(imageOf('nope')).toBeNull();
  });
  it('socket pushes drive the badges: initMessage, messagePush, receiveMessage (not for the open chat)', () => {
    applyCounts({
      method: 'initMessage',
      dealtCount: 1,
      consultCount: 0,
      unreadNums: { a: 2, b: 1 },
      unreadMessageCount: 5,
      unreadNoticeCount: 4,
    });
    expect(countsStore.get().chat).toBe(3);
    expect(bellCount(countsStore.get(), siteCountStore.get())).toBe(9);
    applyCounts({ method: 'messagePush', unreadNoticeCount: 0, unreadMessageCount: 1 });
    expect(bellCount(countsStore.get(), siteCountStore.get())).toBe(1);
    applyCounts({ method: 'receiveMessage', formUserId: 'a' });
    expect(countsStore.get().chat).toBe(4);
    activeChatStore.set('a');
    applyCounts({ method: 'receiveMessage', formUserId: 'a' });
    expect(countsStore.get().chat).toBe(4);
  });
  it('relative times and dates', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(relativeTime(now - 10_000, now).key).toBe('justNow');
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ key: 'minutes', n: 5 });
    expect(relativeTime(now - 3 * 3600_000, now)).toEqual({ key: 'hours', n: 3 });
    expect(relativeTime(now - 30 * 3600_000, now).key).toBe('yesterday');
    expect(relativeTime(now - 72 * 3600_000, now).key).toBe('date');
    expect(formatTime(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02 03:04');
    expect(formatTime(String(new Date(2026, 0, 2).getTime()), false)).toBe('2026-01-02');
    expect(formatTime(null)).toBe('');
  });
});
