import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { sessionStore } from '../../store/session';
import type { OperatorRecord } from './api';
import { Comments } from './Comments';
import { RecordTimeline } from './FlowRecords';
import { OrgUserSelect } from './OrgUserSelect';
import { launchDefaults } from './providers';
import { SignaturePad } from './SignaturePad';

afterEach(cleanup);

describe('launch defaults', () => {
  it('an empty single user picker gets the launcher, a department picker his department; others (sub-table columns too) are left', () => {
    sessionStore.set((s) => ({
      ...s,
      userInfo: { userId: 'u1', userAccount: 'a', userName: 'A', departmentId: 'd1' },
    }));
    const form = {
      fields: [
        { __vModel__: 'applicant', __config__: { jnpfKey: 'userSelect' } },
        { __vModel__: 'many', multiple: true, __config__: { jnpfKey: 'userSelect' } },
        { __vModel__: 'given', __config__: { jnpfKey: 'userSelect', defaultValue: 'u9' } },
        {
          __config__: {
            jnpfKey: 'row',
            children: [{ __vModel__: 'dept', __config__: { jnpfKey: 'depSelect' } }],
          },
        },
        { __vModel__: 'text', __config__: { jnpfKey: 'input' } },
        // a sub-table's user picker is a column of every row, not a field of the form
        {
          __vModel__: 'rows',
          __config__: {
            jnpfKey: 'table',
            children: [{ __vModel__: 'who', __config__: { jnpfKey: 'userSelect' } }],
          },
        },
      ],
    };
    expect(launchDefaults(form)).toEqual({ applicant: 'u1', dept: 'd1' });
  });
});

describe('record timeline', () => {
  it('newest first with opinions, status texts, on-behalf names and a final 流程结束', async () => {
    await i18n.changeLanguage('zh');
    const recs: OperatorRecord[] = [
      { id: '1', nodeName: '发起人', userName: '张伟', handleTime: 1000, handleStatus: 2 },
      {
        id: '2',
        nodeName: '部门负责人审批',
        userName: '王建国',
        handleTime: 2000,
        handleStatus: 1,
        handleOpinion: '同意',
        entrustedByName: '李四',
      },
      {
        id: '3',
        nodeName: '总经理审批',
        userName: '刘志强',
        handleTime: 3000,
        handleStatus: 0,
        handleOpinion: '不同意',
      },
    ];
    render(<RecordTimeline records={recs} endTime={4000} />);
    const items = screen.getAllByTestId('wf-record').map((e) => e.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('总经理审批');
    expect(items[0]).toContain('审核拒绝');
    expect(items[0]).toContain('不同意');
    expect(items[1]).toContain('代李四审批');
    expect(items[2]).toContain('发起');
    expect(screen.getByTestId('wf-record-end').textContent).toContain('流程结束');
  });
  it('names the target of assign, add signer and transfer; recent times read relatively', async () => {
    await i18n.changeLanguage('zh');
    const now = Date.UTC(2026, 10, 25, 12);
    const recs: OperatorRecord[] = [
      { id: '1', nodeName: '发起人', userName: '张伟', handleTime: now - 3 * 86_400_000, handleStatus: 2 },
      {
        id: '2',
        nodeName: '财务审批',
        userName: '李四',
        handleTime: now - 2 * 3_600_000,
        handleStatus: 7,
        operatorId: 'u9',
      },
      {
        id: '3',
        nodeName: '财务审批',
        userName: '王五',
        handleTime: now - 5 * 60_000,
        handleStatus: 6,
        operatorId: 'u8,u9',
      },
      {
        id: '4',
        nodeName: '财务审批',
        userName: '管理员',
        handleTime: now - 10_000,
        handleStatus: 5,
        operatorId: 'u8',
      },
    ];
    const lookup = async (ids: string[]) =>
      ids.map((id) => ({ id, fullName: ({ u8: '赵六', u9: '孙七' } as Record<string, string>)[id] ?? id }));
    render(<RecordTimeline records={recs} lookup={lookup} now={now} />);
    await waitFor(() => expect(screen.getAllByTestId('wf-record-target')[0]!.textContent).toContain('赵六'));
    const items = screen.getAllByTestId('wf-record').map((e) => e.textContent ?? '');
    expect(items[0]).toContain('指派');
    expect(items[0]).toContain('赵六');
    expect(items[0]).toContain('刚刚');
    expect(items[1]).toContain('加签');
    expect(items[1]).toContain('赵六、孙七');
    expect(items[1]).toContain('5分钟前');
    expect(items[2]).toContain('转审');
    expect(items[2]).toContain('孙七');
    expect(items[2]).toContain('2小时前');
    expect(items.join('')).not.toMatch(/u8|u9/);
    // older than two days: the date
    expect(items[3]).toMatch(/2026-11-22/);
  });
  it('shows 暂无数据 without records', async () => {
    await i18n.changeLanguage('zh');
    render(<RecordTimeline records={[]} />);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

describe('signature pad', () => {
  it('confirming an empty pad warns 请签名 and hands nothing back', async () => {
    await i18n.changeLanguage('zh');
    let got: string | null = null;
    render(
      <App>
        <SignaturePad open onCancel={() => {}} onConfirm={(d) => (got = d)} />
      </App>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-sign-confirm'));
    });
    expect((await screen.findAllByText('请签名')).length).toBeGreaterThan(1);
    expect(got).toBeNull();
    const canvas = screen.getByTestId('wf-sign-pad') as HTMLCanvasElement;
    expect(canvas.height).toBe(330);
  });
});

describe('comments', () => {
  /** Records the requests the panel makes (they go nowhere: no server here, the list just stays empty). */
  function recordRequests() {
    const seen: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return real(input, init);
    }) as typeof fetch;
    return { seen, restore: () => (globalThis.fetch = real) };
  }

  it('nothing given: 评论不能为空 and no POST; a non-image, ten images or an .exe are refused before uploading', async () => {
    await i18n.changeLanguage('zh');
    const req = recordRequests();
    try {
      render(
        <App>
          <Comments taskId="t1" />
        </App>,
      );
      await act(async () => {
        fireEvent.click(screen.getByTestId('wf-comment-send'));
      });
      expect((await screen.findAllByText('评论不能为空')).length).toBeGreaterThan(0);
      const input = screen.getByTestId('wf-comment-image-input') as HTMLInputElement;
      expect(input.accept).toBe('.jpg,.jpeg,.png,.gif,.bmp,.webp');
      await act(async () => {
        fireEvent.change(input, {
          target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] },
        });
      });
      expect((await screen.findAllByText('请上传图片')).length).toBeGreaterThan(0);
      const ten = Array.from({ length: 10 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
      await act(async () => {
        fireEvent.change(input, { target: { files: ten } });
      });
      expect((await screen.findAllByText('最多上传9张图片')).length).toBeGreaterThan(0);
      const file = screen.getByTestId('wf-comment-file-input') as HTMLInputElement;
      await act(async () => {
        fireEvent.change(file, { target: { files: [new File(['x'], 'a.exe')] } });
      });
      expect(
        (await screen.findAllByText('仅支持xls、xlsx、doc、docx、pdf、txt、ppt、pptx类型的文件')).length,
      ).toBeGreaterThan(0);
      expect(req.seen.filter((r) => !r.startsWith('GET'))).toEqual([]);
      expect(req.seen.some((r) => r.includes('/FlowComment?') && r.includes('pageSize=20'))).toBe(true);
    } finally {
      req.restore();
    }
  });
});

describe('organisation user picker', () => {
  it("opens @kp/renderer's user picker (tree tabs, search, chosen pane) under the given title", async () => {
    await i18n.changeLanguage('zh');
    render(
      <App>
        <OrgUserSelect multiple testId="pick" title="选择知会人" value={[]} onChange={() => {}} />
      </App>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('pick').querySelector('.ant-select') as Element);
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('选择知会人');
    expect(dialog.querySelector('.kp-transfer')).not.toBeNull();
    expect(dialog.querySelector('.kp-transfer-selected')).not.toBeNull();
    expect(dialog.querySelector('.ant-tabs')).not.toBeNull();
    expect(dialog.querySelector('.ant-input-search')).not.toBeNull();
  });
});
