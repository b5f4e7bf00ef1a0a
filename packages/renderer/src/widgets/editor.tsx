import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useRender } from '../form/context';
import { prop } from '../form/fieldUtil';
import type { Translate } from '../i18n/i18n';
import type { FormProviders } from '../providers/types';
import { EDITOR_DEFAULT_HEIGHT, EDITOR_FONT_SIZES, FontSize } from './fontSize';
import { sanitizeRichHtml } from './richHtml';
import type { WidgetProps } from './types';

/**
 * The HTML an editor value may hold: DOMPurify's defaults (no script, no event handlers, no javascript: URLs),
 * the editor's own classes only and no remote image (richHtml.ts).
 */
export const sanitizeHtml = (html: unknown): string => sanitizeRichHtml(html);

/**
 * The stored value: sanitised, without the trailing empty paragraphs the editor keeps for the caret; an
 * empty document ('<p></p>') is '', so a required editor reports 不能为空.
 */
const toValue = (html: string): string => sanitizeHtml(html).replace(/(<p>\s*<\/p>)+$/, '');

const ALLOWED_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];

/**
 * Rich text (jnpfKey editor) on Tiptap (ProseMirror): bold, italic, underline, strike, heading, lists,
 * quote, font size (12px to 72px, spec 4 §9), undo/redo; 160 px high unless the field sets a height, and images when the host gives `providers.upload.annex` (spec 3 §7: editor images go to
 * the annex upload; an error shows the server msg or 文件上传出错！). The value is HTML, sanitised with
 * DOMPurify both when it is emitted and when it is shown; disabled and view mode show the sanitised HTML.
 */
export function EditorWidget({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  const height = prop<number>(field, 'height') ?? EDITOR_DEFAULT_HEIGHT;
  if (disabled) {
    return (
      <div
        className="kp-editor-view"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }}
      />
    );
  }
  return (
    <RichText value={value} onChange={onChange} onBlur={onBlur} height={height} placeholder={placeholder} />
  );
}

function RichText(props: {
  value: unknown;
  onChange(v: unknown): void;
  onBlur?(): void;
  height: number;
  placeholder: string;
}) {
  const { t, providers, message } = useRender();
  return <RichTextEditor {...props} t={t} annex={providers.upload.annex} message={message} />;
}

export interface RichTextEditorProps {
  /** HTML; shown sanitised. */
  value: unknown;
  /** The sanitised HTML after each edit ('' for an empty document). */
  onChange(v: string): void;
  onBlur?(): void;
  /** Minimum height of the editing area in px. */
  height: number;
  placeholder?: string;
  /** The toolbar's texts (the renderer's catalogue: ed_bold …, editorUploadError). */
  t: Translate;
  /** Image upload (POST /api/File/Uploader/annex); without it there is no image button. */
  annex?: FormProviders['upload']['annex'];
  /** Shows an upload error. */
  message(text: string, type?: 'error'): void;
  /** data-testid of the editable area. */
  testId?: string;
}

/**
 * The editor itself, without a form around it: hosts use it for their own rich-text fields (news and
 * notices) through the lazily loaded `RichTextEditor` export of the package.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, height, placeholder = '', t, annex, message, testId } = props;
  const emitted = useRef<string>(toValue(String(value ?? '')));
  const cb = useRef(props);
  cb.current = props;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, protocols: ALLOWED_PROTOCOLS, autolink: true },
      }),
      Image.configure({ allowBase64: true }),
      FontSize,
    ],
    content: sanitizeHtml(value),
    editorProps: {
      attributes: {
        class: 'kp-editor-content',
        'aria-label': placeholder,
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const v = toValue(e.getHTML());
      if (v === emitted.current) return;
      emitted.current = v;
      cb.current.onChange(v);
    },
    onBlur: () => cb.current.onBlur?.(),
  });

  // A value set from outside (reset, setData, a script) replaces the document without echoing a change.
  useEffect(() => {
    const v = toValue(String(value ?? ''));
    if (!editor || v === emitted.current) return;
    emitted.current = v;
    editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
  }, [value, editor]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
    }),
  });

  const fontSize = useEditorState({
    editor,
    selector: ({ editor: e }) => (e?.getAttributes('fontSize').size as number | undefined) ?? null,
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const insertImage = async (file: File) => {
    if (!annex || !editor) return;
    try {
      const res = await annex(file);
      if (res.code !== 200 || !res.data?.url) {
        message(res.msg || t('editorUploadError'), 'error');
        return;
      }
      editor.chain().focus().setImage({ src: res.data.url, alt: file.name }).run();
    } catch (e) {
      message((e as Error)?.message || t('editorUploadError'), 'error');
    }
  };

  const tool = (name: keyof NonNullable<typeof active>, label: string, run: () => void, icon: ReactNode) => (
    <Tooltip title={label} key={name}>
      <Button
        size="small"
        type={active?.[name] ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active?.[name] ?? false}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {icon}
      </Button>
    </Tooltip>
  );
  const chain = () => editor?.chain().focus();

  return (
    <div className="kp-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space
        size={2}
        wrap
        className="kp-editor-toolbar"
        style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}
      >
        {tool('bold', t('ed_bold'), () => chain()?.toggleBold().run(), <b>B</b>)}
        {tool('italic', t('ed_italic'), () => chain()?.toggleItalic().run(), <i>I</i>)}
        {tool('underline', t('ed_underline'), () => chain()?.toggleUnderline().run(), <u>U</u>)}
        {tool('strike', t('ed_strike'), () => chain()?.toggleStrike().run(), <s>S</s>)}
        {tool('heading', t('ed_heading'), () => chain()?.toggleHeading({ level: 2 }).run(), 'H')}
        {tool('bulletList', t('ed_bulletList'), () => chain()?.toggleBulletList().run(), '•')}
        {tool('orderedList', t('ed_orderedList'), () => chain()?.toggleOrderedList().run(), '1.')}
        {tool('blockquote', t('ed_blockquote'), () => chain()?.toggleBlockquote().run(), '❝')}
        <Select<number>
          size="small"
          allowClear
          aria-label={t('ed_fontSize')}
          placeholder={t('ed_fontSize')}
          style={{ width: 84 }}
          virtual={false}
          value={fontSize ?? undefined}
          options={EDITOR_FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))}
          onChange={(n) => (n ? chain()?.setFontSize(n).run() : chain()?.unsetFontSize().run())}
          data-testid="kp-editor-font-size"
        />
        <Button size="small" type="text" aria-label={t('ed_undo')} onClick={() => chain()?.undo().run()}>
          ↶
        </Button>
        <Button size="small" type="text" aria-label={t('ed_redo')} onClick={() => chain()?.redo().run()}>
          ↷
        </Button>
        {annex ? (
          <>
            <Button
              size="small"
              type="text"
              aria-label={t('ed_image')}
              onClick={() => fileInput.current?.click()}
            >
              🖼
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="kp-editor-image"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void insertImage(f);
              }}
            />
          </>
        ) : null}
      </Space>
      <EditorContent editor={editor} style={{ minHeight: height, padding: '4px 11px', overflow: 'auto' }} />
    </div>
  );
}
