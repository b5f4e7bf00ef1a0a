import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeXlsxSpare,
  readUntrustedXlsx,
  UntrustedFileError,
  XLSX_LIMITS,
  xlsxRefusalMessage,
} from './xlsx';
import { scanZip, ZIP_LIMITS } from './zip';

const MiB = 1024 * 1024;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A real workbook with one entry replaced by `xml` (deflated at level 9). */
async function withEntry(name: string, xml: string): Promise<Buffer> {
  const z = await JSZip.loadAsync(await workbook([['a']]));
  z.file(name, xml);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Rejection of readUntrustedXlsx, as [kind, message]. */
async function refusal(data: Uint8Array, lang: 'zh' | 'zhtw' | 'en' = 'zh'): Promise<[string, string]> {
  try {
    await readUntrustedXlsx(data, lang);
  } catch (e) {
    if (e instanceof UntrustedFileError) return [e.refusal.kind, e.message];
    throw e;
  }
  return ['accepted', ''];
}

/** Longest gap between event-loop turns while `work` runs, ms. */
async function maxLoopGap(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 5);
  await work.catch(() => undefined);
  clearInterval(tick);
  return gap;
}

afterAll(closeXlsxSpare);

describe('untrusted xlsx', () => {
  it('reads a real workbook: text, numbers, dates, rich text, formula results', async () => {
    const wb = await readUntrustedXlsx(
      await workbook([
        ['账户', 2, new Date('2024-01-02T00:00:00Z')],
        [{ richText: [{ text: 'a' }, { text: 'b' }] }, { formula: '1+1', result: 2 }],
        [],
        [null, 'x'],
      ]),
    );
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('S');
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(1).value).toBe('账户');
    expect(ws.getRow(1).getCell(3).value).toEqual(new Date('2024-01-02T00:00:00Z'));
    expect(ws.getRow(2).getCell(1).value).toMatchObject({ richText: [{ text: 'a' }, { text: 'b' }] });
    expect(ws.getRow(2).getCell(2).value).toMatchObject({ result: 2 });
    expect(ws.getRow(3).hasValues).toBe(false);
    const seen: number[] = [];
    ws.eachRow((_r, n) => seen.push(n));
    expect(seen).toEqual([1, 2, 4]);
    const cols: number[] = [];
    ws.getRow(4).eachCell({ includeEmpty: true }, (_c, col) => cols.push(col));
    expect(cols).toEqual([1, 2]);
  });

  it('refuses a zip bomb (a huge shared string) from its central directory, without blocking', async () => {
    const bomb = await withEntry(
      'xl/sharedStrings.xml',
      `<sst><si><t>${'A'.repeat(80 * MiB)}</t></si></sst>`,
    );
    expect(bomb.length).toBeLessThan(200 * 1024);
    const t0 = performance.now();
    const [kind, message] = await refusal(bomb);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(kind).toBe('uncompressedTooLarge');
    expect(message).toBe(`fileId: 文件解压后超过${ZIP_LIMITS.maxUncompressed / MiB}MB，请拆分后再导入`);
    expect((await refusal(bomb, 'en'))[1]).toMatch(/^fileId: The file exceeds 64 MB once uncompressed/);
    expect((await refusal(bomb, 'zhtw'))[1]).toMatch(/^fileId: 檔案解壓後超過64MB/);
  });

  it('refuses an entry whose compression ratio is a bomb, and one whose declared size lies', async () => {
    const dense = await withEntry(
      'xl/sharedStrings.xml',
      `<sst><si><t>${'B'.repeat(8 * MiB)}</t></si></sst>`,
    );
    expect((await refusal(dense))[0]).toBe('ratio');
    // Same file with the entry's uncompressed size in the central directory rewritten to 1000 bytes.
    const scan = scanZip(dense, { ...ZIP_LIMITS, maxRatio: 1e9 });
    if (!scan.ok) throw new Error('scan');
    const liar = Buffer.from(dense);
    const eocd = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let p = liar.readUInt32LE(eocd + 16);
    for (const e of scan.entries) {
      if (e.name === 'xl/sharedStrings.xml') liar.writeUInt32LE(1000, p + 24);
      p += 46 + liar.readUInt16LE(p + 28) + liar.readUInt16LE(p + 30) + liar.readUInt16LE(p + 32);
    }
    expect((await refusal(liar))[0]).toBe('sizeMismatch');
  });

  it('refuses too many rows or cells before exceljs parses them', async () => {
    const rows = Array.from(
      { length: XLSX_LIMITS.maxRows + 1 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`,
    ).join('');
    const many = await withEntry(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    );
    expect(await refusal(many)).toEqual([
      'tooManyRows',
      `fileId: 工作表行数超过${XLSX_LIMITS.maxRows}行，请拆分后再导入`,
    ]);
    const wide = Array.from({ length: 60 }, (_, i) => `<c r="A${i}"><v>1</v></c>`).join('');
    const cells = Array.from({ length: 9000 }, (_, i) => `<row r="${i + 1}">${wide}</row>`).join('');
    const big = await withEntry(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
    );
    expect((await refusal(big))[0]).toBe('tooManyCells');
  });

  it('refuses what is not a zip, an oversized file and too many entries', async () => {
    expect((await refusal(Buffer.from('not a zip at all, just text')))[0]).toBe('bad');
    expect((await refusal(Buffer.alloc(ZIP_LIMITS.maxBytes + 1)))[0]).toBe('tooLarge');
    const z = new JSZip();
    for (let i = 0; i <= ZIP_LIMITS.maxEntries; i++) z.file(`f${i}.txt`, '');
    const [kind, message] = await refusal(await z.generateAsync({ type: 'nodebuffer' }), 'en');
    expect(kind).toBe('tooManyEntries');
    expect(message).toBe(`fileId: The file holds more than ${ZIP_LIMITS.maxEntries} entries and was refused`);
  });

  it('parses off the event loop: a large legitimate sheet leaves the loop free', async () => {
    const data = await workbook(
      Array.from({ length: 5000 }, (_, i) => [`user${i}`, `名${i}`, i, 'x'.repeat(20)]),
    );
    const gap = await maxLoopGap(readUntrustedXlsx(data));
    expect(gap).toBeLessThan(250);
    expect((await readUntrustedXlsx(data)).worksheets[0]!.rowCount).toBe(5000);
  });

  it('has a message for every refusal in every language', () => {
    for (const kind of [
      'bad',
      'tooLarge',
      'tooManyEntries',
      'uncompressedTooLarge',
      'ratio',
      'sizeMismatch',
      'tooManyRows',
      'tooManyCells',
      'timeout',
      'memory',
      'busy',
    ] as const)
      for (const lang of ['zh', 'zhtw', 'en'] as const)
        expect(xlsxRefusalMessage({ kind, limit: 10 }, lang)).toMatch(/^fileId: \S/);
  });
});
