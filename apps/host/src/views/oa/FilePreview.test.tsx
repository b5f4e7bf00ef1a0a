// The document preview dialog (spec 3 §2, §7, §8; spec 4 §2): the address comes from the preview call; the
// dialog is titled 文档预览 - names, shows the address in a sandboxed frame with a loading indicator until it
// has loaded, shows an image with the list's other images, and closes with 文件不存在 when no address comes
// back. The network is answered here by a fake.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import './i18n';
import FilePreview, { PREVIEW_SANDBOX } from './FilePreview';
import { type Attachment, previewSet } from './model';

const real = globalThis.fetch;
let asked: URL[] = [];
function answer(preview: { code: number; msg?: string; data?: unknown }) {
  asked = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://kp.test');
    asked.push(url);
    const r = url.pathname === '/api/file/Uploader/Preview' ? preview : { code: 404, msg: '接口不存在' };
    return new Response(JSON.stringify({ msg: 'ok', data: null, ...r }));
  }) as typeof fetch;
}
afterEach(() => {
  cleanup();
  globalThis.fetch = real;
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

const id = 'a'.repeat(32);
const pdf: Attachment = {
  name: '施工方案.pdf',
  fileId: id,
  url: `/api/file/Download/document/${id}.pdf`,
  size: 2048,
};

describe('document preview dialog', () => {
  it('asks for the address, shows it in a frame titled 文档预览 - name; cancel closes', async () => {
    answer({ code: 200, data: `/api/file/Download/document/${id}.pdf` });
    const onClose = vi.fn();
    render(
      <App>
        <FilePreview files={[pdf]} onClose={onClose} />
      </App>,
    );
    expect((await screen.findByTestId('preview-title')).textContent).toBe('文档预览 - 施工方案.pdf');
    const frame = (await screen.findByTestId('preview-pdf')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(new RegExp(`^/api/file/Download/document/${id}\\.pdf`));
    // Chromium shows no PDF in a sandboxed frame (FilePreview's doc); a text frame is sandboxed
    expect(frame.hasAttribute('sandbox')).toBe(false);
    const q = asked.find((u) => u.pathname === '/api/file/Uploader/Preview')!;
    expect(q.searchParams.get('fileName')).toBe(id);
    expect(q.searchParams.get('fileVersionId')).toBe(id);
    expect(q.searchParams.get('fileDownloadUrl')).toBe(pdf.url);
    // loading until the frame has loaded
    const body = screen.getByTestId('preview-body');
    const busy = () => body.closest('.ant-spin')?.getAttribute('aria-busy');
    expect(busy()).toBe('true');
    act(() => {
      fireEvent.load(frame);
    });
    await waitFor(() => expect(busy()).toBe('false'));
    fireEvent.click(screen.getByTestId('preview-cancel'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows an image with the list’s other images, the chosen one first, titled with their names', async () => {
    answer({ code: 200, data: `/api/file/Download/annexpic/${id}.png` });
    const png = (n: string, i: string): Attachment => ({
      name: n,
      fileId: i,
      url: `/api/file/Download/annexpic/${i}.png`,
    });
    const list = [png('甲.png', 'b'.repeat(32)), pdf, png('现场.png', id), png('乙.jpg', 'c'.repeat(32))];
    expect(previewSet(list[2]!, list).map((f) => f.name)).toEqual(['现场.png', '甲.png', '乙.jpg']);
    expect(previewSet(list[2]!, list, true).map((f) => f.name)).toEqual(['现场.png']);
    expect(previewSet(pdf, list)).toEqual([pdf]);
    render(
      <App>
        <FilePreview files={previewSet(list[2]!, list)} onClose={() => {}} />
      </App>,
    );
    expect((await screen.findByTestId('preview-title')).textContent).toBe(
      '文档预览 - 现场.png/甲.png/乙.jpg',
    );
    const shown = await screen.findAllByTestId('preview-image');
    expect(shown.map((i) => (i.querySelector('img') ?? i).getAttribute('alt'))).toEqual([
      '现场.png',
      '甲.png',
      '乙.jpg',
    ]);
    const asks = asked.filter((u) => u.pathname === '/api/file/Uploader/Preview');
    expect(asks.map((u) => u.searchParams.get('fileVersionId'))).toEqual([
      id,
      'b'.repeat(32),
      'c'.repeat(32),
    ]);
  });

  it('shows a text file in a frame sandboxed as spec 4 §2 says (no allow-same-origin)', async () => {
    answer({ code: 200, data: `/api/file/Download/document/${id}.txt` });
    render(
      <App>
        <FilePreview files={[{ ...pdf, name: '说明.txt' }]} onClose={() => {}} />
      </App>,
    );
    const frame = (await screen.findByTestId('preview-text')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_SANDBOX);
    expect(PREVIEW_SANDBOX.split(' ').sort()).toEqual([
      'allow-downloads',
      'allow-forms',
      'allow-modals',
      'allow-popups',
      'allow-scripts',
    ]);
  });

  it('closes with the warning 文件不存在 when the server gives no address', async () => {
    for (const r of [
      { code: 404, msg: '文件不存在' },
      { code: 200, data: '' },
    ]) {
      answer(r);
      const onClose = vi.fn();
      render(
        <App>
          <FilePreview files={[pdf]} onClose={onClose} />
        </App>,
      );
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(await screen.findByText('文件不存在')).toBeTruthy();
      expect(screen.queryByTestId('preview-pdf')).toBeNull();
      cleanup();
    }
  });
});
