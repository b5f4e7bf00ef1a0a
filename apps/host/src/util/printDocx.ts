// Word download of the print preview (spec 2 §2: print preview with Word download, .docx). The filled print
// template's HTML (paragraphs, headings, bold, tables with repeated sub-table rows, data-URL images such as
// signatures) becomes Word paragraphs and tables through docx/html. docx is imported only when this runs (a
// click on download), so it never weighs on the login or first-load bundle.

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The HTML as a .docx file (a zip holding word/document.xml). */
export async function printDocx(html: string, title: string): Promise<Blob> {
  const [{ Document, Packer }, { htmlToContent }] = await Promise.all([import('docx'), import('docx/html')]);
  const doc = new Document({
    title,
    creator: 'KP',
    sections: [{ children: [...htmlToContent(html)] }],
  });
  const bytes = await Packer.toArrayBuffer(doc);
  return new Blob([bytes], { type: DOCX_MIME });
}

/** A file name without the characters Windows refuses, ending in .docx. */
export const docxName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'print'}.docx`;

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
