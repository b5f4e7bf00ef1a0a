// Parses one untrusted xlsx off the main thread (started by xlsx.ts with resourceLimits and a time limit; it
// waits, exceljs loaded, for its one job, and is terminated after it). Plain JavaScript so it runs the same
// under tsx, vitest and plain node. Steps, each bounded:
//  1. every entry of the central directory (already checked by zip.ts) is inflated with a hard output cap
//     equal to its declared size: a file whose sizes lie is refused before exceljs sees it;
//  2. rows and cells of every worksheet are counted in its XML and checked against the limits;
//  3. only then exceljs loads the workbook, and the cell values go back as plain arrays.
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

const LOCAL = 0x04034b50;
const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** @param {{ kind: string, limit?: number }} refusal */
const refuse = (refusal) => parentPort.postMessage({ ok: false, refusal });

/** How many times `<tag` (optionally prefixed, e.g. `<x:row`) opens an element in xml. */
function countTags(xml, tag) {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}[\\s>/]`, 'g');
  let n = 0;
  while (re.exec(xml)) n++;
  return n;
}

async function main({ bytes, entries }) {
  const { limits } = workerData;
  const data = new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let cells = 0;
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL) return refuse({ kind: 'bad' });
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const packed = data.subarray(start, start + e.compressedSize);
    if (packed.length !== e.compressedSize) return refuse({ kind: 'bad' });
    let plain;
    if (e.method === 0) plain = packed;
    else {
      try {
        plain = inflateRawSync(packed, { maxOutputLength: Math.max(1, e.uncompressedSize) });
      } catch (err) {
        // ERR_BUFFER_TOO_LARGE: the entry inflates beyond what the directory declares.
        return refuse(err?.code === 'ERR_BUFFER_TOO_LARGE' ? { kind: 'sizeMismatch' } : { kind: 'bad' });
      }
    }
    if (plain.length !== e.uncompressedSize) return refuse({ kind: 'sizeMismatch' });
    if (SHEET.test(e.name)) {
      const xml = Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength).toString('utf8');
      const rows = countTags(xml, 'row');
      if (rows > limits.maxRows) return refuse({ kind: 'tooManyRows', limit: limits.maxRows });
      cells += countTags(xml, 'c');
      if (cells > limits.maxCells) return refuse({ kind: 'tooManyCells', limit: limits.maxCells });
    }
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } catch {
    return refuse({ kind: 'bad' });
  }
  const sheets = wb.worksheets.map((ws) => {
    const rows = [];
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      rows.push([n, Array.from(row.values, (v) => (v === undefined ? null : v))]);
    });
    return { name: ws.name, rows };
  });
  parentPort.postMessage({ ok: true, sheets });
}

parentPort.once('message', (job) => main(job).catch(() => refuse({ kind: 'bad' })));
