import { compileUserRegex, installSafeRegex } from '@kp/engine';
import { RE2JS } from 're2js';
import { i18n, labelText } from '../i18n';
import { isDisplay } from './kinds';
import { unknownScriptNames } from './scriptEffects';
import { allFields } from './tree';
import { type AnyFormConfig, draftOf, type FieldConfig } from './types';

// The save check compiles regList patterns synchronously: the designer carries RE2 eagerly (the renderer
// fetches it lazily); @kp/schema's validateFormConfig, which the designer also runs, imports it anyway.
installSafeRegex(RE2JS);

export interface SaveProblem {
  /** i18n key of the message */
  code: string;
  /** the message in the requested language (zh by default, the spec's text verbatim) */
  message: string;
  /** the field at fault, if any */
  formId?: number;
}

export interface SaveCheckOptions {
  /** The form is bound to data tables: every data control needs a control field (__vModel__). */
  tablesBound?: boolean;
  lang?: 'zh' | 'zhtw' | 'en';
}

/**
 * The designer's save checks (spec 3 §5 "Designer save checks"), as a pure function of the config.
 * Returns every problem in document order; an empty list means the form may be saved.
 */
export function checkFormForSave(input: AnyFormConfig, opts: SaveCheckOptions = {}): SaveProblem[] {
  const config = draftOf(input);
  const lng = opts.lang ?? 'zh';
  const tablesBound = opts.tablesBound ?? (Array.isArray(config.tables) && config.tables.length > 0);
  const out: SaveProblem[] = [];
  const add = (code: string, f?: FieldConfig) => {
    const label = f ? labelText(f.__config__.label, lng) || f.__config__.jnpfKey : '';
    out.push({ code, message: i18n.t(code, { lng, label }) as string, formId: f?.__config__.formId });
  };
  const fields = Array.isArray(config.fields) ? config.fields : [];
  if (!fields.length) add('msg.emptyForm');
  for (const f of allFields(fields)) {
    const c = f.__config__;
    const k = c.jnpfKey;
    if (tablesBound && !isDisplay(k) && k !== 'table' && !f.__vModel__) add('msg.fieldRequired', f);
    if (k === 'billRule' && !c.rule) add('msg.billRule', f);
    // regList patterns run on RE2 (linear time): backreferences, lookaround and huge programs cannot be saved.
    if ((c.regList ?? []).some((r) => typeof r?.pattern === 'string' && !compileUserRegex(r.pattern).ok))
      add('msg.regexUnsupported', f);
    if (k === 'relationForm') {
      if (!f.modelId) add('msg.relationModel', f);
      if (!f.relationField) add('msg.relationField', f);
    }
    if (k === 'popupSelect' || k === 'popupTableSelect') {
      if (!f.interfaceId) add('msg.popupInterface', f);
      if (!f.propsValue) add('msg.popupPropsValue', f);
      if (!f.relationField) add('msg.relationField', f);
    }
    if (k === 'row' || k === 'card' || k === 'table') {
      if (!c.children?.length) add('msg.emptyContainer', f);
    }
    if (k === 'tab' || k === 'collapse') {
      if (!(c.children ?? []).some((p) => p.__config__.children?.length)) add('msg.emptyContainer', f);
    }
  }
  if (config.hasPrintBtn && !config.printId) add('msg.printTemplate');
  // scriptEffects naming a field the form no longer has (deleted, renamed): the engine's unknownScriptField
  for (const { event, name } of unknownScriptNames(config))
    out.push({
      code: 'msg.unknownScriptField',
      message: i18n.t('msg.unknownScriptField', { lng, event, name }),
    });
  return out;
}
