import type { FieldAccess } from '@kp/engine';
import type { Language } from '@kp/schema';
import { createContext, useContext } from 'react';
import type { Translate } from '../i18n/i18n';
import type { FormProviders } from '../providers/types';
import type { FieldUiState, FormStore } from '../store/formStore';
import type { AnyField } from './fieldUtil';

export type FormMode = 'create' | 'edit' | 'view';
export type MessageType = 'info' | 'success' | 'warning' | 'error';

export interface RenderContextValue {
  store: FormStore;
  providers: FormProviders;
  language: Language;
  t: Translate;
  mode: FormMode;
  /** Whole form disabled (config.disabled or view mode). */
  formDisabled: boolean;
  fieldsByModel: Map<string, AnyField>;
  platform: 'pc' | 'app';
  /**
   * The form model's layers for a data field ('amount', 'table.column'): platform, formOperates and the
   * field's script overrides `ui` — what validation runs on too. undefined for fields outside the model
   * (layout and display kinds).
   */
  fieldAccess(path: string, ui: FieldUiState | undefined): FieldAccess | undefined;
  /** Form label width in px (field __config__.labelWidth overrides) and alignment. */
  labelWidth?: number;
  labelAlign: 'left' | 'right';
  /** A user edit of a top-level field (runs its on-change script). */
  fieldChanged(key: string, value: unknown): void;
  /** Validates one field (on its trigger, blur by default). */
  validateField(key: string): void;
  message(text: string, type?: MessageType): void;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRender(): RenderContextValue {
  const ctx = useContext(RenderContext);
  if (!ctx) throw new Error('@kp/renderer: field rendered outside <FormRenderer>');
  return ctx;
}
