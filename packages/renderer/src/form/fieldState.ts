// What a field shows and how it behaves apart from its widget: placeholder, platform visibility, when it
// validates, and its state (hidden, disabled, required) for the render context. Shared by KpField and the
// sub-table's cells.
import { isEditableKind, kindOf } from '@kp/engine';
import { useFieldUi } from '../store/formStore';
import { widgetEntry } from '../widgets/registry';
import type { RenderContextValue } from './context';
import { type AnyField, cfg, keyOf, prop, text } from './fieldUtil';

/**
 * Whether a field of this kind is drawn read-only whatever the mode: the engine kind takes no input from a person
 * (read-only system and calculated kinds, attributes of a related record), or a host registered its widget so.
 */
export function takesNoInput(kind: string): boolean {
  if (widgetEntry(kind)?.readonly) return true;
  return kindOf(kind) !== undefined && !isEditableKind(kind);
}

export function placeholderOf(field: AnyField, ctx: Pick<RenderContextValue, 't' | 'language'>): string {
  const p = text(prop(field, 'placeholder'), ctx.language);
  if (p) return p;
  return widgetEntry(keyOf(field))?.picks ? ctx.t('pleaseSelect') : ctx.t('pleaseInput');
}

/** Whether a field is shown on this platform (visibility pc/app, noShow). */
export function visibleOn(field: AnyField, platform: 'pc' | 'app'): boolean {
  if (cfg<boolean>(field, 'noShow')) return false;
  const v = cfg<string[]>(field, 'visibility');
  return !Array.isArray(v) || v.length === 0 || v.includes(platform);
}

const BLUR = { blur: true, change: false };
/**
 * When a field's rules (required and regList) run besides submit: `__config__.trigger`, 'blur' (the spec's
 * default), 'change', or both as a list.
 */
export function triggersOf(field: AnyField): { blur: boolean; change: boolean } {
  const t = cfg<string | string[]>(field, 'trigger');
  if (t == null || t === '' || (Array.isArray(t) && t.length === 0)) return BLUR;
  const list = Array.isArray(t) ? t : [t];
  return { blur: list.includes('blur'), change: list.includes('change') };
}

export interface FieldState {
  hidden: boolean;
  disabled: boolean;
  required: boolean;
}

/**
 * Effective state of a field: the form model's layers (platform, formOperates, scripts — the ones validation
 * and the server apply), then the form mode and the config's own `disabled`, which a script's setDisabled(false)
 * may lift. `path` is the field's data path ('table.column' for a cell; default its vModel).
 */
export function useFieldState(field: AnyField, ctx: RenderContextValue, path?: string): FieldState {
  const key = field.__vModel__ ?? '';
  const ui = useFieldUi(ctx.store, key);
  const configDisabled =
    ctx.formDisabled || prop<boolean>(field, 'disabled') === true || takesNoInput(keyOf(field));
  const a = ctx.fieldAccess(path ?? key, ui);
  if (a)
    return {
      hidden: !a.visible,
      disabled: !a.writable || (ui?.disabled === false ? false : configDisabled),
      required: a.required,
    };
  // layout and display kinds: no data, so no layers beyond the config and the scripts
  return {
    hidden: ui?.hidden ?? !visibleOn(field, ctx.platform),
    disabled: ui?.disabled ?? configDisabled,
    required: false,
  };
}

/** One top-level field: subscribes to its own value, error and ui state only. */
