// Rich text of messages, news, notices, documents and print designs: sanitised on the way in.
import sanitizeHtml from 'sanitize-html';

/**
 * Whether an image address is the site's own or inline: a relative address (no scheme, not protocol-relative,
 * no backslash a browser reads as a slash) or a data:image. Anything else is a remote image — a tracking
 * pixel that tells its owner who read the text and when — and is dropped (not proxied).
 */
export function isLocalImageSrc(src: string | undefined): boolean {
  const s = src ?? '';
  if (/^data:image\//i.test(s)) return true;
  if (!s || /^\s/.test(s) || /^[a-z][a-z0-9+.-]*:/i.test(s)) return false;
  return !/^[\\/][\\/]/.test(s);
}

/**
 * The only classes rich text keeps: the editor's own formatting classes. The host's editor (Tiptap, see
 * @kp/renderer widgets/editor.tsx) formats with tags and inline styles; its one class is a code block's
 * `language-*`. Any other class could borrow the host's look (an ant-modal-mask covering the page).
 */
export const RICH_TEXT_CLASSES: Record<string, string[]> = { code: ['language-*'] };

/**
 * Rich text is sanitised on the way in: normal formatting, tables, images and links stay; scripts,
 * event handlers (on*), javascript:/vbscript: URLs, iframes and forms are removed; classes other than the
 * editor's own are removed, and so are remote images (isLocalImageSrc).
 */
export function sanitizeRich(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'span',
      'font',
      'u',
      's',
      'del',
      'ins',
      'sub',
      'sup',
      'h1',
      'h2',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      font: ['color', 'size', 'face'],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      '*': ['style', 'align'],
    },
    allowedClasses: RICH_TEXT_CLASSES,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isLocalImageSrc(frame.attribs.src),
    allowedStyles: {
      '*': {
        color: [/^[#\w(),.\s%]+$/],
        'background-color': [/^[#\w(),.\s%]+$/],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^[\d.]+(px|pt|em|rem|%)$/],
        'font-weight': [/^(normal|bold|\d{3})$/],
        'font-style': [/^(normal|italic)$/],
        'text-decoration': [/^[\w\s-]+$/],
        'line-height': [/^[\d.]+(px|em|%)?$/],
        width: [/^[\d.]+(px|%)$/],
        height: [/^[\d.]+(px|%)$/],
        'text-indent': [/^[\d.]+(px|em)$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
  });
}
