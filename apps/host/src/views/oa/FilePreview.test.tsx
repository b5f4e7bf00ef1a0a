// The document preview dialog (spec 3 §2, §7, §8): the address comes from the preview call; the dialog is
// titled with the name and size, shows the address in a frame with a loading indicator until it has
// loaded, and closes with 文件不存在 when no address comes back. The network is answered here by a fake.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import './i18n';
import FilePreview from './FilePreview';
import type { Attachment } from './model';

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
  it('asks for the address, shows it in a frame titled with name and size; cancel closes', async () => {
    answer({ code: 200, data: `/api/file/Download/document/${id}.pdf` });
    const onClose = vi.fn();
    render(
      <App>
        <FilePreview file={pdf} onClose={onClose} />
      </App>,
    );
    expect((await screen.findByTestId('preview-title')).textContent).toBe('施工方案.pdf (2.0KB)');
    const frame = (await screen.findByTestId('preview-pdf')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(new RegExp(`^/api/file/Download/document/${id}\\.pdf`));
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

  it('shows an image at the address as an image', async () => {
    answer({ code: 200, data: `/api/file/Download/annexpic/${id}.png` });
    render(
      <App>
        <FilePreview file={{ ...pdf, name: '现场.png', size: undefined }} onClose={() => {}} />
      </App>,
    );
    expect((await screen.findByTestId('preview-title')).textContent).toBe('现场.png');
    const img = await screen.findByRole('img', { name: '现场.png' });
    expect(img.getAttribute('src')).toBe(`/api/file/Download/annexpic/${id}.png`);
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
          <FilePreview file={pdf} onClose={onClose} />
        </App>,
      );
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(await screen.findByText('文件不存在')).toBeTruthy();
      expect(screen.queryByTestId('preview-pdf')).toBeNull();
      cleanup();
    }
  });
});
