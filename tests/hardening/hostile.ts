// Hostile requests that once stalled the whole server (issue 17, resource bounds), for the stall test
// (stall.test.ts) and its bench (tests/bench/stall.bench.ts), against a real server over HTTP:
//  - a regList pattern with catastrophic backtracking, ^(a+)+$, checked against 30 a's and a '!';
//  - an xlsx of ~100 KB whose shared string inflates to 80 MiB, sent to the user import preview;
//  - a JSONata transform that needs ~2^40 steps, run by a data interface preview.
// Plus a CurrentUser latency sampler.
import { createHash } from 'node:crypto';
import JSZip from 'jszip';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function call<T = unknown>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 60_000,
): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await res.json()) as Envelope<T>;
}

export async function login(base: string, account = 'admin', password = 'admin123'): Promise<string> {
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5(password), grant_type: 'password', scope: 'all' }),
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  if (body.code !== 200) throw new Error(`login ${account}: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** A minimal valid xlsx whose shared strings inflate to `mib` MiB of one letter (deflates ~1000:1). */
export async function xlsxBomb(mib = 80): Promise<Buffer> {
  const z = new JSZip();
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  z.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  );
  z.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  z.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  z.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  z.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
  );
  z.file(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="1" uniqueCount="1"><si><t>${'A'.repeat(mib * 1024 * 1024)}</t></si></sst>`,
  );
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** ~2^40 evaluation steps: JSONata has no loops, so doubling recursion is its exponential. */
export const EXPONENTIAL_JSONATA = '($f := function($n){ $n < 1 ? 1 : $f($n - 1) + $f($n - 1) }; $f(40))';
export const REDOS_PATTERN = '^(a+)+$';
export const REDOS_VALUE = `${'a'.repeat(30)}!`;

export interface Hostile {
  /** Creates a record whose field is checked against ^(a+)+$. */
  regex(): Promise<Envelope>;
  /** Previews the import of the xlsx bomb. */
  xlsx(): Promise<Envelope>;
  /** Previews the data interface with the exponential transform. */
  jsonata(): Promise<Envelope>;
}

/** Creates what the three hostile requests need (as admin) and answers functions that send them. */
export async function prepareHostile(base: string, token: string, tag = 'stall'): Promise<Hostile> {
  const form = {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'default',
    labelPosition: 'right',
    labelWidth: 100,
    formRules: 'rules',
    gutter: 15,
    disabled: false,
    span: 24,
    formBtns: false,
    idGlobal: 200,
    fields: [
      {
        __config__: {
          jnpfKey: 'comInput',
          label: '编码',
          showLabel: true,
          required: false,
          span: 24,
          formId: 101,
          regList: [{ pattern: REDOS_PATTERN, message: '编码只能是字母a' }],
        },
        __vModel__: 'code',
      },
    ],
  };
  const item = await call<string>(base, token, 'POST', '/api/visualdev/Base', {
    fullName: `正则${tag}`,
    enCode: `redos${tag}`,
    formData: JSON.stringify(form),
    columnData: { columnList: [{ prop: 'code', label: '编码' }], btnsList: ['add'], columnBtnsList: [] },
  });
  if (item.code !== 200) throw new Error(`visualdev create: ${item.code} ${item.msg}`);
  const rel = await call(base, token, 'POST', `/api/visualdev/Base/${item.data}/Actions/Release`, {});
  if (rel.code !== 200) throw new Error(`visualdev release: ${rel.code} ${rel.msg}`);

  const di = await call<string>(base, token, 'POST', '/api/system/DataInterface', {
    fullName: `指数${tag}`,
    enCode: `exp${tag}`,
    kind: 'static',
    staticData: '[1]',
    transform: EXPONENTIAL_JSONATA,
  });
  if (di.code !== 200) throw new Error(`data interface create: ${di.code} ${di.msg}`);

  const bomb = await xlsxBomb();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bomb)]), 'bomb.xlsx');
  const up = (await (
    await fetch(`${base}/api/file/Uploader/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: fd,
    })
  ).json()) as Envelope<{ fileId: string }>;
  if (up.code !== 200) throw new Error(`upload: ${up.code} ${up.msg}`);

  return {
    regex: () =>
      call(base, token, 'POST', `/api/visualdev/OnlineDev/${item.data}`, { data: { code: REDOS_VALUE } }),
    xlsx: () => call(base, token, 'GET', `/api/permission/Users/ImportPreview?fileId=${up.data.fileId}`),
    jsonata: () => call(base, token, 'POST', `/api/system/DataInterface/${di.data}/Actions/Preview`, {}),
  };
}

/** Milliseconds of one GET /api/oauth/CurrentUser (Infinity when it failed or took over `timeoutMs`). */
export async function currentUserMs(base: string, token: string, timeoutMs = 10_000): Promise<number> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/oauth/CurrentUser`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as Envelope;
    return body.code === 200 ? performance.now() - t0 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** CurrentUser latencies, one request after another, until `until` settles (at least `min` samples). */
export async function sampleWhile(
  base: string,
  token: string,
  until: Promise<unknown>,
  min = 5,
): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const out: number[] = [];
  while (!done || out.length < min) out.push(await currentUserMs(base, token));
  return out;
}

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
