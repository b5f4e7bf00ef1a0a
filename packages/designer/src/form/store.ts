import { type Draft, produce } from 'immer';
import { emptyForm, ID_START, makeField, makePane } from './fieldFactory';
import { isPane } from './kinds';
import {
  containsId,
  descendants,
  dropRefusal,
  type HolderId,
  listOf,
  locate,
  maxFormId,
  syncSubTable,
} from './tree';
import { type AnyFormConfig, draftOf, type FieldConfig, type FormConfig } from './types';

export const HISTORY_LIMIT = 50;

export interface DesignerState {
  config: FormConfig;
  /** formId of the selected field, or null (the form's own properties are shown then). */
  selectedId: number | null;
  past: FormConfig[];
  future: FormConfig[];
}

/** Result of an edit: ok, or refused with the i18n key of the message to show. */
export type EditResult = { ok: true; formId?: number } | { ok: false; error: string };

export interface DropTarget {
  holderId: HolderId;
  index: number;
}

type Listener = () => void;

export interface StoreOptions {
  /** When the form is bound to data tables, new fields get an empty __vModel__ (chosen from the table). */
  tablesBound?: boolean;
}

/**
 * The form designer's state: the config (immutable, produced by immer), the selection and an undo/redo
 * history of config snapshots. Components read it through useSyncExternalStore with selectors.
 */
export class FormDesignerStore {
  private state: DesignerState;
  private listeners = new Set<Listener>();
  constructor(
    initial?: AnyFormConfig,
    private options: StoreOptions = {},
  ) {
    this.state = {
      config: produce(normalise(initial ? draftOf(initial) : emptyForm()), () => {}),
      selectedId: null,
      past: [],
      future: [],
    };
  }

  getState = (): DesignerState => this.state;
  getConfig = (): FormConfig => this.state.config;
  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  private set(next: DesignerState) {
    this.state = next;
    for (const l of this.listeners) l();
  }

  /** Applies an edit to the config, recording the previous config for undo. */
  private edit(
    recipe: (d: Draft<FormConfig>) => EditResult | undefined,
    select?: 'result' | null,
  ): EditResult {
    let result: EditResult = { ok: true };
    const next = produce(this.state.config, (d) => {
      const r = recipe(d);
      if (r) result = r;
    });
    if (!result.ok || next === this.state.config) return result;
    const past = [...this.state.past, this.state.config].slice(-HISTORY_LIMIT);
    let selectedId = this.state.selectedId;
    if (select === 'result' && result.ok && result.formId != null) selectedId = result.formId;
    if (selectedId != null && !locate(next.fields, selectedId)) selectedId = null;
    this.set({ config: next, selectedId, past, future: [] });
    return result;
  }

  select(formId: number | null): void {
    if (formId === this.state.selectedId) return;
    this.set({ ...this.state, selectedId: formId });
  }

  canUndo = () => this.state.past.length > 0;
  canRedo = () => this.state.future.length > 0;
  undo(): void {
    const { past, config, future } = this.state;
    if (!past.length) return;
    const prev = past[past.length - 1]!;
    const sel =
      this.state.selectedId != null && locate(prev.fields, this.state.selectedId)
        ? this.state.selectedId
        : null;
    this.set({ config: prev, selectedId: sel, past: past.slice(0, -1), future: [config, ...future] });
  }
  redo(): void {
    const { past, config, future } = this.state;
    if (!future.length) return;
    const next = future[0]!;
    const sel =
      this.state.selectedId != null && locate(next.fields, this.state.selectedId)
        ? this.state.selectedId
        : null;
    this.set({ config: next, selectedId: sel, past: [...past, config], future: future.slice(1) });
  }

  /** Adds a new control of `jnpfKey` (at the end of the root by default); formId = ++idGlobal. */
  addField(
    jnpfKey: string,
    target: DropTarget = { holderId: 'root', index: Number.POSITIVE_INFINITY },
  ): EditResult {
    return this.edit((d) => {
      const at = listOf(d as FormConfig, target.holderId);
      if (!at) return { ok: false, error: 'invalid' };
      const refusal = dropRefusal(jnpfKey, at.holder);
      if (refusal) return { ok: false, error: refusal };
      const formId = d.idGlobal + 1;
      const { field, used } = makeField(jnpfKey, formId, { autoVModel: !this.options.tablesBound });
      d.idGlobal += used;
      syncSubTable(field, at.holder);
      at.list.splice(clampIndex(target.index, at.list.length), 0, field);
      return { ok: true, formId };
    }, 'result');
  }

  /** Moves an existing field to another place; entering a table links it, leaving clears the link. */
  moveField(formId: number, target: DropTarget): EditResult {
    return this.edit((d) => {
      const from = locate(d.fields as FieldConfig[], formId);
      if (!from) return { ok: false, error: 'invalid' };
      if (target.holderId !== 'root') {
        // a field may not move into itself or its own descendants
        const inside = containsId(from.field, target.holderId);
        if (inside) return { ok: false, error: 'invalid' };
      }
      const to = listOf(d as FormConfig, target.holderId);
      if (!to) return { ok: false, error: 'invalid' };
      const refusal = dropRefusal(from.field.__config__.jnpfKey, to.holder);
      if (refusal && to.list !== from.list) return { ok: false, error: refusal };
      let index = clampIndex(target.index, to.list.length);
      if (to.list === from.list) {
        if (index === from.index || index === from.index + 1) return undefined; // no change
        if (index > from.index) index -= 1;
      }
      const [field] = from.list.splice(from.index, 1);
      syncSubTable(field!, to.holder);
      to.list.splice(index, 0, field!);
      return { ok: true, formId };
    });
  }

  /** Copies a field (and its children) right after it; every copied field gets a new formId. */
  duplicate(formId: number): EditResult {
    return this.edit((d) => {
      const at = locate(d.fields as FieldConfig[], formId);
      if (!at || isPane(at.field.__config__.jnpfKey)) return { ok: false, error: 'invalid' };
      const copy = JSON.parse(JSON.stringify(at.field)) as FieldConfig;
      let first = 0;
      const renumber = (f: FieldConfig) => {
        d.idGlobal += 1;
        if (!first) first = d.idGlobal;
        const old = f.__config__.formId;
        f.__config__.formId = d.idGlobal;
        f.__config__.renderKey = d.idGlobal;
        if (f.__vModel__ && !isPane(f.__config__.jnpfKey) && f.__vModel__.endsWith(`Field${old}`))
          f.__vModel__ = f.__vModel__.slice(0, -String(old).length) + d.idGlobal;
      };
      renumber(copy);
      for (const f of descendants(copy)) renumber(f);
      at.list.splice(at.index + 1, 0, copy);
      return { ok: true, formId: first };
    }, 'result');
  }

  removeField(formId: number): EditResult {
    return this.edit((d) => {
      const at = locate(d.fields as FieldConfig[], formId);
      if (!at) return { ok: false, error: 'invalid' };
      if (isPane(at.field.__config__.jnpfKey) && at.list.length <= 1)
        return { ok: false, error: 'msg.lastItem' };
      at.list.splice(at.index, 1);
      return { ok: true };
    });
  }

  /** Empties the form and resets idGlobal to 100 (spec 3 §4). */
  clear(): EditResult {
    return this.edit((d) => {
      d.fields = [];
      d.idGlobal = ID_START;
      return { ok: true };
    });
  }

  updateField(formId: number, recipe: (f: Draft<FieldConfig>) => void): EditResult {
    return this.edit((d) => {
      const at = locate(d.fields as FieldConfig[], formId);
      if (!at) return { ok: false, error: 'invalid' };
      recipe(at.field as Draft<FieldConfig>);
      if (at.field.__config__.jnpfKey === 'table')
        for (const c of at.field.__config__.children ?? []) syncSubTable(c, at.field);
      return { ok: true, formId };
    });
  }

  updateForm(recipe: (d: Draft<FormConfig>) => void): EditResult {
    return this.edit((d) => {
      recipe(d);
      return { ok: true };
    });
  }

  /** Adds a pane to a tab or collapse container. */
  addPane(containerId: number): EditResult {
    return this.edit((d) => {
      const at = locate(d.fields as FieldConfig[], containerId);
      const k = at?.field.__config__.jnpfKey;
      if (!at || (k !== 'tab' && k !== 'collapse')) return { ok: false, error: 'invalid' };
      at.field.__config__.children ??= [];
      const panes = at.field.__config__.children;
      d.idGlobal += 1;
      const maxName = panes.reduce((m, p) => Math.max(m, Number(p.name) || 0), 0);
      panes.push(makePane(k === 'tab' ? 'tabItem' : 'collapseItem', d.idGlobal, maxName + 1));
      return { ok: true, formId: d.idGlobal };
    });
  }

  /** Replaces the whole config (JSON import); idGlobal is raised above every formId in use. */
  setConfig(config: AnyFormConfig): EditResult {
    return this.edit((d) => {
      const n = normalise(draftOf(config));
      for (const k of Object.keys(d)) delete (d as Record<string, unknown>)[k];
      Object.assign(d, n);
      return { ok: true };
    });
  }
}

function clampIndex(i: number, len: number): number {
  if (!Number.isFinite(i) || i > len) return len;
  return i < 0 ? 0 : Math.floor(i);
}

function normalise(config: FormConfig): FormConfig {
  const base = { ...emptyForm(), ...config };
  base.fields = Array.isArray(config.fields) ? config.fields : [];
  const max = maxFormId(base.fields);
  if (typeof base.idGlobal !== 'number' || base.idGlobal < max) base.idGlobal = Math.max(max, ID_START);
  return base;
}
