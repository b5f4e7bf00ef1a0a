import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryProviders } from '../providers/memory';
import { field, memoryData } from '../test/fixtures';
import { renderForm } from '../test/render';

afterEach(cleanup);

const choose = (c: HTMLElement, key: string, files: File[]) =>
  fireEvent.change(c.querySelector(`[data-testid="upload-input-${key}"]`) as HTMLInputElement, {
    target: { files },
  });
const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

describe('uploaders (spec 3 §5 Uploaders)', () => {
  it('uploads a file in chunks and emits {name, fileId, fileVersionId, url, size}', async () => {
    const { container, data } = renderForm([field('uploadFz', 'files', { label: '附件' })], {
      value: { files: [] },
    });
    choose(container, 'files', [file('a.pdf', 1000, 'application/pdf')]);
    await waitFor(() => expect((data().files as unknown[]).length).toBe(1));
    const v = (data().files as Record<string, unknown>[])[0];
    expect(Object.keys(v).sort()).toEqual(['fileId', 'fileVersionId', 'name', 'size', 'url']);
    expect(v).toMatchObject({ name: 'a.pdf', size: 1000, url: 'memory://a.pdf' });
    expect(await screen.findByText('a.pdf')).toBeTruthy();
  });

  it('uploads as the checked form kinds (form, formpic) and shows stored files through upload.src', async () => {
    const providers = createMemoryProviders(memoryData);
    const kinds: string[] = [];
    const chunk = providers.upload.chunk;
    providers.upload.chunk = (req) => {
      kinds.push(req.fileType);
      return chunk(req);
    };
    providers.upload.src = (url) => `${url}?code=m`;
    const { container, data } = renderForm(
      [field('uploadFz', 'files', { label: '附件' }), field('uploadImg', 'pics', { label: '图片' })],
      { value: { files: [{ name: 'old.pdf', fileId: 'x', url: '/f/old.pdf' }], pics: [] }, providers },
    );
    choose(container, 'files', [file('a.pdf', 10, 'application/pdf')]);
    choose(container, 'pics', [file('a.png', 10, 'image/png')]);
    await waitFor(() => expect((data().pics as unknown[]).length).toBe(1));
    await waitFor(() => expect((data().files as unknown[]).length).toBe(2));
    expect(kinds.sort()).toEqual(['form', 'formpic']);
    expect((await screen.findByText('old.pdf')).closest('a')?.getAttribute('href')).toBe('/f/old.pdf?code=m');
  });

  it('refuses over the count limit with 当前限制最多可以上传{limit}个文件', async () => {
    const { container, data } = renderForm([field('uploadFz', 'files', { label: '附件' }, { limit: 1 })], {
      value: { files: [{ name: 'x.pdf', fileId: 'x', url: 'u', size: 1 }] },
    });
    choose(container, 'files', [file('b.pdf', 10)]);
    expect(await screen.findByText('当前限制最多可以上传1个文件')).toBeTruthy();
    expect((data().files as unknown[]).length).toBe(1);
  });

  it('refuses a type outside accept with 请选择{accept}类型的文件', async () => {
    const { container } = renderForm([field('uploadFz', 'f', { label: '附件' }, { accept: '.pdf' })]);
    choose(container, 'f', [file('notes.txt', 10, 'text/plain')]);
    expect(await screen.findByText('请选择.pdf类型的文件')).toBeTruthy();
  });

  it('image uploader: not an image, image size and image count messages', async () => {
    const { container } = renderForm(
      [field('uploadImg', 'pics', { label: '图片' }, { fileSize: 1, sizeUnit: 'KB', limit: 1 })],
      { value: { pics: [] } },
    );
    choose(container, 'pics', [file('a.txt', 10, 'text/plain')]);
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    choose(container, 'pics', [file('big.png', 4096, 'image/png')]);
    expect(await screen.findByText('图片大小超过1KB')).toBeTruthy();
    choose(container, 'pics', [file('a.png', 10, 'image/png'), file('b.png', 10, 'image/png')]);
    expect(await screen.findByText('当前限制最多可以上传1张图片')).toBeTruthy();
  });

  it('shows the limit messages in the form language', async () => {
    const { container } = renderForm(
      [field('uploadFz', 'f', { label: 'Files' }, { fileSize: 2, sizeUnit: 'MB' })],
      { language: 'en' },
    );
    choose(container, 'f', [file('big.pdf', 3 * 1048576)]);
    expect(await screen.findByText('File size exceeds 2MB')).toBeTruthy();
  });

  it('shows the server msg when the merge fails and keeps no value', async () => {
    const p = createMemoryProviders({ ...memoryData, failMerge: { code: 400, msg: '合并失败了' } });
    const { container, data } = renderForm([field('uploadFz', 'f', { label: '附件' })], { providers: p });
    choose(container, 'f', [file('a.pdf', 100)]);
    expect(await screen.findByText('合并失败了')).toBeTruthy();
    expect(data().f ?? []).toEqual([]);
  });
});
