// Document preview in Chromium (issue 35 item 6, spec 4 §2): a user uploads three images, a text file and a
// PDF to a message; previewing an image opens it with the list's other images (the chosen one first) as one
// antd gallery, titled 文档预览 - the names joined with "/", and the viewer moves to the next image; the text
// file shows in a frame sandboxed as the spec says (forms, scripts, popups, downloads, modals; never
// allow-same-origin); the PDF still shows in Chromium's viewer (which no sandboxed frame may load).
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { byTest, settled, T, useSuite } from './suite';

const suite = useSuite('preview');

/** A w×h PNG of one colour (the sizes tell the images apart). */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF saying Hello PDF. */
function pdf(): Buffer {
  const text = 'BT /F1 24 Tf 40 100 Td (Hello PDF) Tj ET';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function closePreview(page: Page) {
  const modal = page.locator('.ant-modal', { has: byTest(page, 'preview-title') });
  await settled(page);
  await byTest(page, 'preview-cancel').click();
  await modal.waitFor({ state: 'detached', timeout: T });
}

describe('document preview in Chromium', () => {
  it('an image opens with the list’s other images as a gallery; text is framed in a sandbox; a PDF still shows', async () => {
    const page = await suite.session('liuzhiqiang', { viewport: { width: 1366, height: 800 } });
    await suite.go(page, 'oa/msgList');
    await page.click('[data-testid="item-add"]', { timeout: T });
    await page.setInputFiles('[data-testid="item-files-input"]', [
      { name: '现场一.png', mimeType: 'image/png', buffer: png(3, 2, [200, 0, 0]) },
      { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('预览文本 plain text') },
      { name: '现场二.png', mimeType: 'image/png', buffer: png(5, 4, [0, 160, 0]) },
      { name: '方案.pdf', mimeType: 'application/pdf', buffer: pdf() },
      { name: '现场三.png', mimeType: 'image/png', buffer: png(7, 6, [0, 0, 220]) },
    ]);
    const files = page.locator('[data-testid="item-files"] li');
    await expect.poll(() => files.count(), { timeout: T }).toBe(5);
    const preview = (name: string) =>
      files.filter({ hasText: name }).getByRole('button', { name: /预览/ }).click();

    // the second image: it first, then the list's other images in order
    await preview('现场二.png');
    const title = byTest(page, 'preview-title');
    await expect
      .poll(() => title.textContent(), { timeout: T })
      .toBe('文档预览 - 现场二.png/现场一.png/现场三.png');
    const shown = page.locator('[data-testid="preview-image"] img, img[data-testid="preview-image"]');
    await expect.poll(() => shown.count(), { timeout: T }).toBe(3);
    await expect
      .poll(() => shown.first().evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: T })
      .toBe(5);
    await settled(page);
    await shown.first().click();
    const viewer = page.locator('.ant-image-preview').filter({ has: page.locator('.ant-image-preview-img') });
    const big = viewer.locator('img.ant-image-preview-img');
    const width = () => big.evaluate((el) => (el as HTMLImageElement).naturalWidth);
    await expect.poll(width, { timeout: T }).toBe(5);
    await expect
      .poll(() => viewer.locator('.ant-image-preview-progress').textContent(), { timeout: T })
      .toBe('1 / 3');
    await viewer.locator('.ant-image-preview-switch-next').click();
    await expect.poll(width, { timeout: T }).toBe(3);
    await viewer.locator('.ant-image-preview-switch-next').click();
    await expect.poll(width, { timeout: T }).toBe(7);
    await viewer.locator('.ant-image-preview-switch-prev').click();
    await expect.poll(width, { timeout: T }).toBe(3);
    await suite.shot(page, 'gallery');
    await viewer.locator('.ant-image-preview-close').click();
    await viewer.waitFor({ state: 'hidden', timeout: T });
    await closePreview(page);

    // a text file: its own title, shown in a sandboxed frame in an opaque origin
    await preview('说明.txt');
    await expect.poll(() => title.textContent(), { timeout: T }).toBe('文档预览 - 说明.txt');
    const text = byTest(page, 'preview-text');
    expect((await text.getAttribute('sandbox'))?.split(' ').sort()).toEqual([
      'allow-downloads',
      'allow-forms',
      'allow-modals',
      'allow-popups',
      'allow-scripts',
    ]);
    const framed = page.frameLocator('[data-testid="preview-text"]');
    await expect
      .poll(() => framed.locator('body').textContent(), { timeout: T })
      .toContain('预览文本 plain text');
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f.url().includes('.txt'))
            ?.evaluate(() => origin),
        { timeout: T },
      )
      .toBe('null');
    await closePreview(page);

    // a PDF: Chromium's viewer loads in the frame (it refuses every sandboxed frame)
    await preview('方案.pdf');
    await expect.poll(() => title.textContent(), { timeout: T }).toBe('文档预览 - 方案.pdf');
    await byTest(page, 'preview-pdf').waitFor({ timeout: T });
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: T })
      .toBe(true);
    await suite.shot(page, 'pdf');
    await closePreview(page);
  }, 240_000);
});
