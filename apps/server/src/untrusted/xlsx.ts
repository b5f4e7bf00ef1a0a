// Every uploaded workbook the server reads goes through readUntrustedXlsx: the zip's central directory is
// checked first (zip.ts: file size, entry count, uncompressed size, compression ratio), then a worker thread
// with a heap limit and a time limit inflates it with hard caps, counts rows and cells, and only then lets
// exceljs parse it. The event loop never inflates or parses a byte of it, so a zip bomb or a huge sheet costs
// the other requests nothing; a refusal names the limit in the caller's language.
import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { scanZip, ZIP_LIMITS, type ZipRefusal } from './zip';

export type Lang = 'zh' | 'zhtw' | 'en';

/** Limits of one workbook parse besides the container's (ZIP_LIMITS). */
export const XLSX_LIMITS = {
  /** Most rows in one sheet. */
  maxRows: 20_000,
  /** Most cells in the whole workbook. */
  maxCells: 500_000,
  /** Longest parse, milliseconds (the worker is terminated after it). */
  timeMs: 10_000,
  /** Heap of the parse worker, MiB (V8 old generation). */
  heapMb: 256,
  /** Parses at once; more wait in a queue of at most `queue`, beyond that the upload is refused as busy. */
  parallel: 1,
  queue: 4,
};

export type XlsxRefusal =
  | ZipRefusal
  | { kind: 'sizeMismatch' }
  | { kind: 'tooManyRows'; limit: number }
  | { kind: 'tooManyCells'; limit: number }
  | { kind: 'timeout'; limit: number }
  | { kind: 'memory'; limit: number }
  | { kind: 'busy' };

const MiB = 1024 * 1024;

const TEXTS: Record<XlsxRefusal['kind'], Record<Lang, (n: number) => string>> = {
  bad: {
    zh: () => '文件格式错误，不是有效的Excel文件',
    zhtw: () => '檔案格式錯誤，不是有效的Excel檔案',
    en: () => 'The file is not a valid Excel workbook',
  },
  tooLarge: {
    zh: (n) => `文件过大，Excel文件不能超过${n / MiB}MB`,
    zhtw: (n) => `檔案過大，Excel檔案不能超過${n / MiB}MB`,
    en: (n) => `The file is too large: an Excel file may not exceed ${n / MiB} MB`,
  },
  tooManyEntries: {
    zh: (n) => `文件内部条目超过${n}个，已拒绝`,
    zhtw: (n) => `檔案內部條目超過${n}個，已拒絕`,
    en: (n) => `The file holds more than ${n} entries and was refused`,
  },
  uncompressedTooLarge: {
    zh: (n) => `文件解压后超过${n / MiB}MB，请拆分后再导入`,
    zhtw: (n) => `檔案解壓後超過${n / MiB}MB，請拆分後再匯入`,
    en: (n) => `The file exceeds ${n / MiB} MB once uncompressed; split it and import again`,
  },
  ratio: {
    zh: (n) => `文件压缩比超过${n}倍，疑似压缩炸弹，已拒绝`,
    zhtw: (n) => `檔案壓縮比超過${n}倍，疑似壓縮炸彈，已拒絕`,
    en: (n) => `The file's compression ratio exceeds ${n}:1 (a likely zip bomb) and was refused`,
  },
  sizeMismatch: {
    zh: () => '文件解压后的大小与声明不符，已拒绝',
    zhtw: () => '檔案解壓後的大小與聲明不符，已拒絕',
    en: () => 'The file inflates to a size other than it declares and was refused',
  },
  tooManyRows: {
    zh: (n) => `工作表行数超过${n}行，请拆分后再导入`,
    zhtw: (n) => `工作表行數超過${n}行，請拆分後再匯入`,
    en: (n) => `A sheet has more than ${n} rows; split it and import again`,
  },
  tooManyCells: {
    zh: (n) => `单元格数量超过${n}个，请拆分后再导入`,
    zhtw: (n) => `單元格數量超過${n}個，請拆分後再匯入`,
    en: (n) => `The workbook has more than ${n} cells; split it and import again`,
  },
  timeout: {
    zh: (n) => `文件解析超过${n / 1000}秒，已停止`,
    zhtw: (n) => `檔案解析超過${n / 1000}秒，已停止`,
    en: (n) => `Reading the file took more than ${n / 1000} s and was stopped`,
  },
  memory: {
    zh: (n) => `文件解析所需内存超过${n}MB，已停止`,
    zhtw: (n) => `檔案解析所需內存超過${n}MB，已停止`,
    en: (n) => `Reading the file needed more than ${n} MB of memory and was stopped`,
  },
  busy: {
    zh: () => '服务器正在解析其他文件，请稍后再试',
    zhtw: () => '伺服器正在解析其他檔案，請稍後再試',
    en: () => 'The server is reading other files; please try again shortly',
  },
};

/** The refusal as text for the field `fileId`, in the given language. */
export function xlsxRefusalMessage(r: XlsxRefusal, lang: Lang = 'zh'): string {
  return `fileId: ${TEXTS[r.kind][lang]('limit' in r ? r.limit : 0)}`;
}

/** Thrown by readUntrustedXlsx; `message` is already in the caller's language and names the field. */
export class UntrustedFileError extends Error {
  constructor(
    readonly refusal: XlsxRefusal,
    lang: Lang,
  ) {
    super(xlsxRefusalMessage(refusal, lang));
    this.name = 'UntrustedFileError';
  }
}

/** One cell as read: the exceljs value (text, number, date, rich text, formula result…). */
export interface UntrustedCell {
  readonly value: ExcelJS.CellValue;
}

/** A row of a parsed sheet, with the part of exceljs's Row API the imports use. */
export class UntrustedRow {
  constructor(
    readonly number: number,
    private readonly values: readonly ExcelJS.CellValue[],
  ) {}
  get cellCount(): number {
    return Math.max(0, this.values.length - 1);
  }
  get hasValues(): boolean {
    return this.values.some((v, i) => i > 0 && v !== null && v !== undefined && v !== '');
  }
  getCell(col: number): UntrustedCell {
    return { value: this.values[col] ?? null };
  }
  /** Each cell with a value (or every cell up to the last with `{ includeEmpty: true }`), 1-based. */
  eachCell(
    a: { includeEmpty?: boolean } | ((cell: UntrustedCell, col: number) => void),
    b?: (cell: UntrustedCell, col: number) => void,
  ): void {
    const fn = typeof a === 'function' ? a : b!;
    const all = typeof a === 'object' && a.includeEmpty === true;
    for (let c = 1; c < this.values.length; c++) {
      const v = this.values[c] ?? null;
      if (all || v !== null) fn({ value: v }, c);
    }
  }
}

/** A parsed sheet: rows by number (only rows that had cells). */
export class UntrustedSheet {
  private readonly byNumber = new Map<number, UntrustedRow>();
  readonly rowCount: number;
  constructor(
    readonly name: string,
    rows: ReadonlyArray<readonly [number, ExcelJS.CellValue[]]>,
  ) {
    let last = 0;
    for (const [n, values] of rows) {
      this.byNumber.set(n, new UntrustedRow(n, values));
      last = Math.max(last, n);
    }
    this.rowCount = last;
  }
  getRow(n: number): UntrustedRow {
    return this.byNumber.get(n) ?? new UntrustedRow(n, []);
  }
  /** Rows that have cells, in order. */
  eachRow(fn: (row: UntrustedRow, n: number) => void): void {
    for (const n of [...this.byNumber.keys()].sort((x, y) => x - y)) fn(this.byNumber.get(n)!, n);
  }
}

export interface UntrustedWorkbook {
  worksheets: UntrustedSheet[];
}

type WorkerAnswer =
  | { ok: true; sheets: Array<{ name: string; rows: Array<[number, ExcelJS.CellValue[]]> }> }
  | { ok: false; refusal: XlsxRefusal };

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= XLSX_LIMITS.parallel) {
    if (waiting.length >= XLSX_LIMITS.queue) throw new Error('busy');
    await new Promise<void>((r) => waiting.push(r));
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const WORKER_URL = new URL('./xlsx-worker.mjs', import.meta.url);

function startParser(): Worker {
  const w = new Worker(WORKER_URL, {
    workerData: { limits: XLSX_LIMITS },
    resourceLimits: {
      maxOldGenerationSizeMb: XLSX_LIMITS.heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  });
  w.on('error', () => undefined); // a parse in progress has its own listeners
  return w;
}

// A fresh worker per parse (nothing of one file survives into the next), started ahead of time: the spare
// has exceljs loaded and waits for its one job, so an import pays a message, not a thread start.
let spare: Worker | null = null;
function takeParser(): Worker {
  const w = spare ?? startParser();
  spare = null;
  w.ref();
  return w;
}
function refillSpare(): void {
  if (spare) return;
  const w = startParser();
  w.unref(); // an idle spare never keeps the process alive
  w.once('exit', () => {
    if (spare === w) spare = null;
  });
  spare = w;
}

function parseInWorker(bytes: Uint8Array, entries: unknown): Promise<WorkerAnswer> {
  const copy = new Uint8Array(bytes); // own buffer, transferred to the worker
  const worker = takeParser();
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      setImmediate(refillSpare);
      resolve(a);
    };
    const timer = setTimeout(
      () => done({ ok: false, refusal: { kind: 'timeout', limit: XLSX_LIMITS.timeMs } }),
      XLSX_LIMITS.timeMs,
    );
    worker.on('message', (m: WorkerAnswer) => done(m));
    worker.on('error', (e: Error & { code?: string }) =>
      done({
        ok: false,
        refusal:
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { kind: 'memory', limit: XLSX_LIMITS.heapMb }
            : { kind: 'bad' },
      }),
    );
    worker.on('exit', () => done({ ok: false, refusal: { kind: 'bad' } }));
    worker.postMessage({ bytes: copy.buffer, entries }, [copy.buffer]);
  });
}

/** Stops the spare parser (tests, shutdown). */
export async function closeXlsxSpare(): Promise<void> {
  const w = spare;
  spare = null;
  await w?.terminate();
}

/**
 * Reads an uploaded xlsx within the limits (ZIP_LIMITS, XLSX_LIMITS). Throws UntrustedFileError (message in
 * `lang`, naming fileId) when the file is not a workbook or passes a limit; never blocks the event loop.
 */
export async function readUntrustedXlsx(data: Uint8Array, lang: Lang = 'zh'): Promise<UntrustedWorkbook> {
  const scan = scanZip(data, ZIP_LIMITS);
  if (!scan.ok) throw new UntrustedFileError(scan.refusal, lang);
  let answer: WorkerAnswer;
  try {
    answer = await slot(() => parseInWorker(data, scan.entries));
  } catch {
    throw new UntrustedFileError({ kind: 'busy' }, lang);
  }
  if (!answer.ok) throw new UntrustedFileError(answer.refusal, lang);
  return { worksheets: answer.sheets.map((s) => new UntrustedSheet(s.name, s.rows)) };
}
