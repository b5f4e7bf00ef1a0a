// Filling a print template (spec 4 print design, spec 2 print data): {field} placeholders take the
// record's values (HTML-escaped), {table.column} placeholders inside a table row repeat that row for
// each sub-table row, and {approvalRecords} becomes a table of the approval records.
import dayjs from 'dayjs';

export interface PrintRecord {
  nodeName: string;
  userName: string;
  handleTime: number | null;
  handleStatus: number;
  handleOpinion: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(text).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

function recordsTable(records: readonly PrintRecord[]): string {
  const rows = records
    .filter((r) => r.handleStatus === 0 || r.handleStatus === 1)
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.nodeName)}</td><td>${escapeHtml(r.userName)}</td><td>${r.handleStatus === 1 ? '通过' : '驳回'}</td><td>${escapeHtml(r.handleOpinion ?? '')}</td><td>${r.handleTime ? dayjs(r.handleTime).format('YYYY-MM-DD HH:mm') : ''}</td></tr>`,
    )
    .join('');
  return `<table class="kp-print-records" border="1" cellspacing="0" cellpadding="4"><thead><tr><th>节点</th><th>审批人</th><th>结果</th><th>意见</th><th>时间</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Fills a template; values are escaped, so a value can never add markup. */
export function fillPrintTemplate(
  html: string,
  data: Record<string, unknown>,
  records: readonly PrintRecord[] = [],
): string {
  // Rows mentioning {table.column}: one copy per sub-table row.
  const withRows = html.replace(/<tr\b[^>]*>(?:(?!<\/tr>)[\s\S])*<\/tr>/gi, (tr) => {
    const m = /\{(\w+)\.(\w+)\}/.exec(tr);
    if (!m) return tr;
    const rows = Array.isArray(data[m[1]]) ? (data[m[1]] as Array<Record<string, unknown>>) : [];
    return rows
      .map((row) =>
        tr.replace(new RegExp(`\\{${m[1]}\\.(\\w+)\\}`, 'g'), (_, c: string) => escapeHtml(text(row?.[c]))),
      )
      .join('');
  });
  return withRows.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (key === 'approvalRecords') return recordsTable(records);
    return key in data ? escapeHtml(text(data[key])) : whole;
  });
}
