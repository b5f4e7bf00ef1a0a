import { json, jsonParseLinter } from '@codemirror/lang-json';
import { type Diagnostic, forEachDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** 'json' adds the JSON language and the jsonParseLinter markers; 'text' is plain (scripts). */
  mode?: 'json' | 'text';
  readOnly?: boolean;
  height?: number | string;
  /** Called with the lint diagnostics after each lint pass (json mode). */
  onDiagnostics?: (d: Diagnostic[]) => void;
  testId?: string;
}

/** A CodeMirror 6 editor (basicSetup: line numbers, history, brackets) for JSON or script text. */
export function CodeEditor({
  value,
  onChange,
  mode = 'json',
  readOnly,
  height = 400,
  onDiagnostics,
  testId,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const cbs = useRef({ onChange, onDiagnostics });
  cbs.current = { onChange, onDiagnostics };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per mode/readOnly; value changes are applied below
  useEffect(() => {
    if (!host.current) return;
    const jsonLint = jsonParseLinter();
    const extensions = [
      basicSetup,
      EditorView.updateListener.of((u) => {
        if (u.docChanged) cbs.current.onChange?.(u.state.doc.toString());
        if (cbs.current.onDiagnostics) {
          const list: Diagnostic[] = [];
          forEachDiagnostic(u.state, (d) => list.push(d));
          cbs.current.onDiagnostics(list);
        }
      }),
      EditorView.theme({
        '&': { height: typeof height === 'number' ? `${height}px` : height },
        '.cm-scroller': { overflow: 'auto' },
      }),
      EditorState.readOnly.of(!!readOnly),
    ];
    if (mode === 'json') extensions.push(json(), linter(jsonLint, { delay: 300 }), lintGutter());
    const v = new EditorView({ state: EditorState.create({ doc: value, extensions }), parent: host.current });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, [mode, readOnly]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div ref={host} data-testid={testId} className="kp-code-editor" style={{ border: '1px solid #d9d9d9' }} />
  );
}
