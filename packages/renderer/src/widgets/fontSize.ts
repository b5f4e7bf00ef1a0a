import { Mark, mergeAttributes } from '@tiptap/core';

/** Spec 4 §9: the editor's default height in px. */
export const EDITOR_DEFAULT_HEIGHT = 160;

/** Spec 4 §9: the editor's font size options, 12px to 72px. */
export const EDITOR_FONT_SIZES = [12, 14, 16, 18, 20, 22, 24, 28, 32, 36, 48, 56, 72] as const;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    fontSize: {
      /** Sets one of the EDITOR_FONT_SIZES (px) on the selection; other sizes are ignored. */
      setFontSize: (px: number) => ReturnType;
      /** Back to the default size. */
      unsetFontSize: () => ReturnType;
    };
  }
}

/** The px size of a CSS font-size when it is one of the options, else null (other sizes are dropped). */
export function fontSizeOption(css: string | null | undefined): number | null {
  const m = /^\s*(\d+)px\s*$/.exec(css ?? '');
  const n = m ? Number(m[1]) : Number.NaN;
  return (EDITOR_FONT_SIZES as readonly number[]).includes(n) ? n : null;
}

/** A text mark `<span style="font-size: Npx">` whose size is one of EDITOR_FONT_SIZES. */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (el: HTMLElement) => fontSizeOption(el.style.fontSize),
        renderHTML: (attrs: { size?: number | null }) =>
          attrs.size ? { style: `font-size: ${attrs.size}px` } : {},
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'span',
        getAttrs: (el: HTMLElement) => (fontSizeOption(el.style.fontSize) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setFontSize:
        (px: number) =>
        ({ commands }) =>
          fontSizeOption(`${px}px`) ? commands.setMark(this.name, { size: px }) : false,
      unsetFontSize:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    };
  },
});
