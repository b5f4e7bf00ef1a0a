// Filling a print template, shared by the workflow print preview and the print designer (spec 2 print
// data, spec 4 print design): {field} placeholders take the print data HTML-escaped (unknown ones become
// empty), a table row that names {table.column} repeats once per sub-table row, and {approvalRecords}
// becomes the given records table.

const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A value as printed: lists joined with commas, a named object (upload, option) by its name, else JSON. */
const text = (v: unknown): string => {
  if (Array.isArray(v)) return v.map(text).join(',');
  if (typeof v !== 'object' || v === null) return String(v ?? '');
  const o = v as Record<string, unknown>;
  const name = o.fullName ?? o.label ?? o.name;
  return typeof name === 'string' ? name : JSON.stringify(v);
};

/** Fills a print template; values are escaped, so a value can never add markup. */
export function fillPrintTemplate(html: string, data: Record<string, unknown>, recordsHtml: string): string {
  const withRows = html.replace(/<tr\b[^>]*>(?:(?!<\/tr>)[\s\S])*<\/tr>/gi, (tr) => {
    const m = /\{(\w+)\.(\w+)\}/.exec(tr);
    if (!m || !Array.isArray(data[m[1]])) return tr;
    return (data[m[1]] as Array<Record<string, unknown>>)
      .map((row) =>
        tr.replace(new RegExp(`\\{${m[1]}\\.(\\w+)\\}`, 'g'), (_, c: string) => esc(text(row?.[c]))),
      )
      .join('');
  });
  return withRows.replace(/\{([A-Za-z_][\w.-]*)\}/g, (_, k: string) =>
    k === 'approvalRecords' ? recordsHtml : esc(text(data[k])),
  );
}

/** The approval records as an HTML table for a print template (signatures only as data: PNG images). */
export function recordsTableHtml(
  rows: Array<{
    nodeName: string;
    userName: string;
    status: string;
    opinion?: string | null;
    signImg?: string | null;
    time: string;
  }>,
): string {
  const img = (s?: string | null) =>
    s && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(s)
      ? `<img alt="" src="${s}" style="height:40px">`
      : '';
  return `<table border="1" style="width:100%;border-collapse:collapse">${rows
    .map(
      (r) =>
        `<tr><td>${esc(r.nodeName)}</td><td>${esc(r.userName)}</td><td>${esc(r.status)}</td><td>${esc(r.opinion)}</td><td>${img(r.signImg)}</td><td>${esc(r.time)}</td></tr>`,
    )
    .join('')}</table>`;
}
