// Rich text of messages, news, notices, documents and print designs: sanitised on the way in.
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text is sanitised on the way in: normal formatting, tables, images and links stay; scripts,
 * event handlers (on*), javascript:/vbscript: URLs, iframes and forms are removed.
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
      '*': ['style', 'class', 'align'],
    },
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
