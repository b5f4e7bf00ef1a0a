import { useCallback, useSyncExternalStore } from 'react';

/**
 * The renderer's external store. Every field subscribes to its own top-level key (a sub-table subscribes to
 * its table key and each cell selects its own value), so a keystroke re-renders only the field whose value
 * changed, never the whole form. Data is updated immutably with structural sharing, so `getData()` is a new
 * object after each change and untouched fields keep their identity.
 */
export type Data = Record<string, unknown>;
export type Row = Record<string, unknown>;
type Listener = () => void;

export interface FieldUiState {
  hidden?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** Error paths: `field` for a top-level field, `table.<rowIndex>.<column>` for a cell. */
export const cellPath = (table: string, row: number, col: string): string => `${table}.${row}.${col}`;
const topKey = (path: string): string => {
  const i = path.indexOf('.');
  return i < 0 ? path : path.slice(0, i);
};

const EMPTY_ROWS: Row[] = [];
const EMPTY_KEYS: string[] = [];
let rowKeySeq = 0;
const newRowKey = (): string => `r${++rowKeySeq}`;

export class FormStore {
  private data: Data;
  private errors = new Map<string, string>();
  private ui = new Map<string, FieldUiState>();
  private rowKeys = new Map<string, string[]>();
  private listeners = new Map<string, Set<Listener>>();
  private changeListeners = new Set<(key: string, data: Data) => void>();
  private readonly tables: Set<string>;

  constructor(initial: Data = {}, tables: Iterable<string> = []) {
    this.tables = new Set(tables);
    this.data = { ...initial };
    this.syncRowKeys();
  }

  private syncRowKeys(): void {
    for (const t of this.tables) {
      const rows = Array.isArray(this.data[t]) ? (this.data[t] as unknown[]) : [];
      const keys = this.rowKeys.get(t) ?? [];
      if (keys.length !== rows.length)
        this.rowKeys.set(
          t,
          rows.map((_, i) => keys[i] ?? newRowKey()),
        );
    }
  }

  // --- subscriptions -------------------------------------------------------------------------------------
  subscribe(key: string, fn: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Called after each value change with the top-level key that changed ('*' for a whole replace). */
  onChange(fn: (key: string, data: Data) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  private notify(key: string): void {
    for (const fn of this.listeners.get(key) ?? []) fn();
  }

  private emit(key: string): void {
    this.notify(key);
    for (const fn of this.changeListeners) fn(key, this.data);
  }

  // --- values ----------------------------------------------------------------------------------------------
  getData = (): Data => this.data;
  getValue = (key: string): unknown => this.data[key];

  setValue(key: string, value: unknown): void {
    if (Object.is(this.data[key], value)) return;
    this.data = { ...this.data, [key]: value };
    if (this.tables.has(key)) this.syncRowKeys();
    this.emit(key);
  }

  /** Replaces the whole data (load, reset, setFormData from a script with replace). */
  setData(data: Data): void {
    this.data = { ...data };
    this.rowKeys.clear();
    this.syncRowKeys();
    for (const key of this.listeners.keys()) this.notify(key);
    for (const fn of this.changeListeners) fn('*', this.data);
  }

  /** Merges values without notifying the change listeners (used for computed fields). */
  setComputed(values: Data): void {
    const changed = Object.keys(values).filter((k) => !Object.is(this.data[k], values[k]));
    if (changed.length === 0) return;
    this.data = { ...this.data, ...values };
    for (const k of changed) this.notify(k);
  }

  getRows(table: string): Row[] {
    const v = this.data[table];
    return Array.isArray(v) ? (v as Row[]) : EMPTY_ROWS;
  }

  getRowKeys = (table: string): string[] => this.rowKeys.get(table) ?? EMPTY_KEYS;

  setCell(table: string, row: number, col: string, value: unknown): void {
    const rows = this.getRows(table);
    if (!rows[row] || Object.is(rows[row][col], value)) return;
    const next = rows.slice();
    next[row] = { ...rows[row], [col]: value };
    this.data = { ...this.data, [table]: next };
    this.emit(table);
  }

  addRow(table: string, row: Row): void {
    const keys = this.getRowKeys(table);
    this.rowKeys.set(table, [...keys, newRowKey()]);
    this.data = { ...this.data, [table]: [...this.getRows(table), row] };
    this.emit(table);
  }

  removeRow(table: string, index: number): void {
    const rows = this.getRows(table).slice();
    const keys = this.getRowKeys(table).slice();
    rows.splice(index, 1);
    keys.splice(index, 1);
    this.rowKeys.set(table, keys);
    // Cell errors are index-based: drop this table's cell errors (they are recomputed on the next check).
    this.setErrors(Object.fromEntries([...this.errors].filter(([p]) => !p.startsWith(`${table}.`))), true);
    this.data = { ...this.data, [table]: rows };
    this.emit(table);
  }

  // --- errors ----------------------------------------------------------------------------------------------
  getError = (path: string): string | undefined => this.errors.get(path);
  getErrors = (): Record<string, string> => Object.fromEntries(this.errors);

  /** Replaces all errors (or merges with `replace` false) and notifies only the keys whose errors changed. */
  setErrors(errors: Record<string, string>, replace = true): void {
    const touched = new Set<string>();
    if (replace) {
      for (const [p, m] of this.errors) if (errors[p] !== m) touched.add(topKey(p));
      this.errors = new Map();
    }
    for (const [p, m] of Object.entries(errors)) {
      if (this.errors.get(p) !== m) touched.add(topKey(p));
      this.errors.set(p, m);
    }
    for (const k of touched) this.notify(k);
  }

  setError(path: string, message: string | undefined): void {
    if (this.errors.get(path) === message) return;
    if (message === undefined) this.errors.delete(path);
    else this.errors.set(path, message);
    this.notify(topKey(path));
  }

  // --- per-field ui state (scripts: show/hide, setRequired, setDisabled) -----------------------------------
  getUi = (key: string): FieldUiState | undefined => this.ui.get(key);

  setUi(key: string, patch: FieldUiState): void {
    this.ui.set(key, { ...this.ui.get(key), ...patch });
    this.notify(key);
  }

  clearUi(): void {
    const keys = [...this.ui.keys()];
    this.ui.clear();
    for (const k of keys) this.notify(k);
  }
}

// --- hooks ---------------------------------------------------------------------------------------------------
export function useStoreSelector<T>(store: FormStore, key: string, select: () => T): T {
  const sub = useCallback((fn: Listener) => store.subscribe(key, fn), [store, key]);
  return useSyncExternalStore(sub, select, select);
}

export const useFieldValue = (store: FormStore, key: string): unknown =>
  useStoreSelector(store, key, () => store.getValue(key));

export const useFieldError = (store: FormStore, path: string): string | undefined =>
  useStoreSelector(store, path.split('.')[0], () => store.getError(path));

export const useFieldUi = (store: FormStore, key: string): FieldUiState | undefined =>
  useStoreSelector(store, key, () => store.getUi(key));

export const useCellValue = (store: FormStore, table: string, row: number, col: string): unknown =>
  useStoreSelector(store, table, () => store.getRows(table)[row]?.[col]);

export const useRowKeys = (store: FormStore, table: string): string[] =>
  useStoreSelector(store, table, () => store.getRowKeys(table));

export const useRows = (store: FormStore, table: string): Row[] =>
  useStoreSelector(store, table, () => store.getRows(table));
