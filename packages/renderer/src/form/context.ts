import type { Language } from '@kp/schema';
import { createContext, useContext } from 'react';
import type { Translate } from '../i18n/i18n';
import type { FormProviders } from '../providers/types';
import type { FormStore } from '../store/formStore';
import type { AnyField, FormOperate } from './fieldUtil';

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
  operates?: Map<string, FormOperate>;
  platform: 'pc' | 'app';
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
