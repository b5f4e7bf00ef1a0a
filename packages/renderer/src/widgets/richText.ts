import { lazy } from 'react';

/**
 * The rich-text editor (Tiptap) on its own for hosts, loaded on first use so Tiptap stays out of the
 * bundle of pages that never show it. Render it inside a React Suspense boundary.
 */
export const RichTextEditor = lazy(() => import('./editor').then((m) => ({ default: m.RichTextEditor })));
export type { RichTextEditorProps } from './editor';
