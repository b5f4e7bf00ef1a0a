import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryProviders } from '../providers/memory';
import { field, memoryData } from '../test/fixtures';
import { renderForm } from '../test/render';
import { sanitizeHtml } from './editor';
import { EDITOR_FONT_SIZES, fontSizeOption } from './fontSize';

afterEach(cleanup);

// jsdom has no layout: ProseMirror measures the selection to scroll it into view.
const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const rect = () =>
  ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON() {} }) as DOMRect;
beforeAll(() => {
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = rect;
  if (!Element.prototype.getClientRects) Element.prototype.getClientRects = rects;
});

const editorField = (extra: Record<string, unknown> = {}) =>
  field('editor', 'body', { label: '正文', ...extra }, { height: 120 });

describe('rich-text editor', () => {
  it('is a Tiptap editor whose toolbar formats the text and emits sanitised HTML', async () => {
    const { container, data } = renderForm([editorField()], { value: { body: '<p>hello</p>' } });
    const content = await waitFor(() => {
      const el = container.querySelector('.kp-editor .ProseMirror') as HTMLElement;
      expect(el).toBeTruthy();
      return el;
    });
    expect(content.getAttribute('contenteditable')).toBe('true');
    expect(content.innerHTML).toContain('hello');
    fireEvent.click(screen.getByRole('button', { name: '无序列表' }));
    await waitFor(() => expect(String(data().body)).toMatch(/^<ul><li><p>hello<\/p><\/li><\/ul>$/));
    expect(screen.getByRole('button', { name: '无序列表' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(data().body).toBe('<p>hello</p>'));
  });

  it('is 160 px high by default and sets a font size from 12px to 72px on the selection (spec 4 §9)', async () => {
    const { container, data } = renderForm([field('editor', 'body', { label: '正文' })], {
      value: { body: '<p>hello</p>' },
    });
    const content = await waitFor(() => {
      const el = container.querySelector('.kp-editor .ProseMirror') as HTMLElement;
      expect(el).toBeTruthy();
      return el;
    });
    expect((content.parentElement as HTMLElement).style.minHeight).toBe('160px');
    fireEvent.keyDown(content, { key: 'a', ctrlKey: true });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '字号' }));
    const options = await waitFor(() => {
      const list = [...document.querySelectorAll('.ant-select-item-option-content')].map(
        (o) => o.textContent,
      );
      expect(list.length).toBeGreaterThan(0);
      return list;
    });
    expect(options).toEqual([
      '12px',
      '14px',
      '16px',
      '18px',
      '20px',
      '22px',
      '24px',
      '28px',
      '32px',
      '36px',
      '48px',
      '56px',
      '72px',
    ]);
    fireEvent.click(screen.getByText('24px', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(data().body).toBe('<p><span style="font-size: 24px;">hello</span></p>'));
    // a stored size outside the options is dropped; the options are the spec's range
    expect(fontSizeOption('13px')).toBeNull();
    expect(fontSizeOption('72px')).toBe(72);
    expect([EDITOR_FONT_SIZES[0], EDITOR_FONT_SIZES.at(-1)]).toEqual([12, 72]);
  });

  it('strips scripts, event handlers and javascript: links from the value it shows and emits', async () => {
    const dirty =
      '<p onclick="alert(1)">hi<img src="x" onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">a</a></p>';
    expect(sanitizeHtml(dirty)).not.toMatch(/onclick|onerror|script|javascript:/);
    const { container, ref } = renderForm([editorField()], { value: { body: dirty } });
    await waitFor(() => expect(container.querySelector('.ProseMirror')).toBeTruthy());
    expect(container.innerHTML).not.toMatch(/onclick|onerror|<script|javascript:/);
    const view = renderForm([editorField()], { value: { body: dirty }, mode: 'view' });
    const shown = view.container.querySelector('.kp-editor-view') as HTMLElement;
    expect(shown.innerHTML).toContain('hi');
    expect(shown.innerHTML).not.toMatch(/onclick|onerror|<script|javascript:/);
    expect(view.container.querySelector('.ProseMirror')).toBeNull();
    void ref;
  });

  it('counts an empty document as empty (required message) and follows reset', async () => {
    const { container, ref, data } = renderForm([editorField({ required: true })], {
      value: { body: '<p>x</p>' },
    });
    await waitFor(() => expect(container.querySelector('.ProseMirror')).toBeTruthy());
    act(() => ref.current?.setData({ body: '' }));
    await waitFor(() =>
      expect((container.querySelector('.ProseMirror') as HTMLElement).textContent).toBe(''),
    );
    await act(async () => {
      await ref.current?.submit();
    });
    expect(await screen.findByText('正文不能为空')).toBeTruthy();
    act(() => ref.current?.setData({ body: '<p>again</p>' }));
    await waitFor(() => expect(container.querySelector('.ProseMirror')?.textContent).toBe('again'));
    expect(data().body).toBe('<p>again</p>');
  });

  it('inserts an uploaded image, and shows the msg or 文件上传出错！ when the upload fails', async () => {
    const { container, data } = renderForm([editorField()], { value: { body: '<p>a</p>' } });
    await waitFor(() => expect(container.querySelector('.ProseMirror')).toBeTruthy());
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('kp-editor-image'), { target: { files: [png] } });
    await waitFor(() =>
      expect(String(data().body)).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="p.png">/),
    );
    cleanup();

    const failing = createMemoryProviders({ ...memoryData, failAnnex: { code: 400, msg: '图片太大' } });
    const r = renderForm([editorField()], { providers: failing });
    await waitFor(() => expect(r.container.querySelector('.ProseMirror')).toBeTruthy());
    fireEvent.change(screen.getByTestId('kp-editor-image'), { target: { files: [png] } });
    expect(await screen.findByText('图片太大')).toBeTruthy();
    cleanup();

    const empty = createMemoryProviders({ ...memoryData, failAnnex: { code: 500, msg: '' } });
    renderForm([editorField()], { providers: empty });
    await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
    fireEvent.change(screen.getByTestId('kp-editor-image'), { target: { files: [png] } });
    expect(await screen.findByText('文件上传出错！')).toBeTruthy();
  });

  it('has no image button without an annex provider', async () => {
    const p = createMemoryProviders(memoryData);
    delete (p.upload as { annex?: unknown }).annex;
    renderForm([editorField()], { providers: p });
    await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
  });
});
