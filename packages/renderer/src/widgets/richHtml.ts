// Rich text as it may be shown (issue 34): DOMPurify's HTML (no script, no event handlers, no javascript:
// URLs), plus two rules the server applies on the way in too (apps/server domains/message/rich-text.ts):
// - classes: only the editor's own formatting classes stay — the Tiptap editor formats with tags and inline
//   styles, its one class is a code block's `language-*`; any other class could borrow the host's look (an
//   `ant-modal-mask` covering the page);
// - images: only the page's own (same origin), data:image and blob: ones stay; a remote image is a tracking
//   pixel that tells its owner who read the text and when, so it is dropped (not proxied).
// A DOMPurify instance of its own carries the two hooks, so the global DOMPurify of a host is left as it was.
import DOMPurify, { type Config } from 'dompurify';

/** Whether `cls` is one of the editor's own classes on an element named `tag` (upper case). */
export const isEditorClass = (tag: string, cls: string): boolean =>
  tag === 'CODE' && /^language-[A-Za-z0-9_+-]{1,40}$/.test(cls);

/** Whether an image address is the page's own (resolved against `base`), a data:image or a blob:. */
export function isLocalImage(
  src: string | null | undefined,
  base: string = globalThis.location?.href,
): boolean {
  const s = (src ?? '').trim();
  if (!s) return false;
  if (/^data:image\//i.test(s)) return true;
  let u: URL;
  try {
    u = new URL(s, base);
  } catch {
    return false;
  }
  if (u.protocol === 'blob:') return u.origin === new URL(base).origin;
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === new URL(base).origin;
}

let instance: ReturnType<typeof DOMPurify> | null = null;

function purifier(): ReturnType<typeof DOMPurify> {
  if (instance) return instance;
  const p = DOMPurify(globalThis.window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName !== 'class') return;
    const kept = data.attrValue.split(/\s+/).filter((c) => c && isEditorClass(node.nodeName, c));
    if (kept.length) data.attrValue = kept.join(' ');
    else data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // the parse happens in an inert document: a dropped image never starts loading
    if (node.nodeName === 'IMG' && !isLocalImage((node as Element).getAttribute('src'))) node.remove();
  });
  instance = p;
  return p;
}

/** Rich text HTML as it may be shown: DOMPurify (with `config`), editor classes only, no remote images. */
export function sanitizeRichHtml(html: unknown, config: Config = {}): string {
  if (html == null || html === '') return '';
  return String(purifier().sanitize(String(html), { ...config, RETURN_TRUSTED_TYPE: false }));
}
