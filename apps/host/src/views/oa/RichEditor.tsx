import { createRendererI18n, RichTextEditor } from '@kp/renderer';
import type { Language } from '@kp/schema';
import { App, Spin } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 4 §9: the editor's default height. */
export const EDITOR_HEIGHT = 160;

/**
 * The news / notice / message body: the renderer's Tiptap editor (bold, italic, underline, strike,
 * heading, lists, quote, undo/redo). What it emits is sanitised with
 * DOMPurify; the server sanitises again on the way in.
 */
export function RichEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = (i18n.language || 'zh') as Language;
  const t = useMemo(() => {
    const inst = createRendererI18n(lang);
    return (k: string, v?: Record<string, unknown>) => inst.t(k, v) as string;
  }, [lang]);
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor
        value={value}
        onChange={onChange}
        height={EDITOR_HEIGHT}
        t={t}
        message={(text) => message.error(text)}
        testId="rich-editor"
      />
    </Suspense>
  );
}
