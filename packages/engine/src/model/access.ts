import type { CompiledField, CompiledForm } from '../form/compile';

/** What the caller may do with one field, after every layer. */
export interface FieldAccess {
  /** The data may leave the server / be shown at all (a read:false operate or a missing grant: false). */
  readable: boolean;
  /** Shown in the form on this platform (readable, not noShow, on the platform — or shown by a script). */
  visible: boolean;
  /** The caller's input for it is taken (readable, not a server-assigned kind, not read-only by a layer). */
  writable: boolean;
  /** Must be filled (visible and writable only). */
  required: boolean;
}

/** One field of a workflow node's formOperates ({ id, read, write, required }). */
export interface FieldOperate {
  id: string;
  read?: boolean;
  write?: boolean;
  required?: boolean;
}

/** What a script (or the host) changes about a field at run time. */
export interface ScriptOverride {
  hidden?: boolean;
  disabled?: boolean;
  required?: boolean;
}

/**
 * The layers over the base config, applied in this order:
 * base config ← platform (pc/app) ← workflow node formOperates ← column/form grants ← scripts.
 */
export interface AccessContext {
  /** The client filling or showing the form; fields whose visibility leaves it out are not visible. */
  platform?: 'pc' | 'app';
  /** The workflow node's formOperates (unlisted fields keep the base). */
  operates?: readonly FieldOperate[] | null;
  /** The whole form is read-only (a detail view, opType 0): nothing is writable. */
  readonly?: boolean;
  /**
   * Column/form grants: the main fields (sub-tables by their own vModel) the caller may read; null or
   * undefined means no limit. A sub-table's columns follow their table; a grant of `table-column` also counts.
   */
  grants?: ReadonlySet<string> | null;
  /**
   * The overrides of the form's scripts running here, by path ('amount', 'tbl.price'): the browser. They may
   * show or require any field; they may hide, disable or make optional a field the form declares in
   * `scriptEffects` (CompiledField.scriptRelaxable), and an undeclared one only while it is not required
   * and not a sub-table (whose cells may be). Absent where no script runs (the server): there a declared
   * field is not required, since a script may have relaxed it; every other field as the layers say.
   */
  scripts?: (path: string) => ScriptOverride | undefined;
}

/** Access of every field by path ('amount', 'tbl.price'). */
export type AccessMap = ReadonlyMap<string, FieldAccess>;

/** A node's formOperates by id (as accessOf and fieldAccessOf look them up). */
export function operatesById(
  operates: readonly FieldOperate[] | null | undefined,
): Map<string, FieldOperate> {
  const ops = new Map<string, FieldOperate>();
  for (const o of operates ?? []) if (o && typeof o.id === 'string') ops.set(o.id, o);
  return ops;
}

/** The formOperates entry of a field: by vModel for main fields, `table-column` or `table.column` for cells. */
function operateOf(ops: ReadonlyMap<string, FieldOperate>, f: CompiledField): FieldOperate | undefined {
  if (!f.table) return ops.get(f.vModel);
  return ops.get(`${f.table}-${f.vModel}`) ?? ops.get(f.path);
}

/**
 * The layers for one field: what accessOf runs for every field, and the renderer for the field it paints.
 * `ops` is operatesById(ctx.operates); `parent` the access of the field's sub-table, for a cell.
 */
export function fieldAccessOf(
  f: CompiledField,
  ctx: AccessContext,
  ops: ReadonlyMap<string, FieldOperate>,
  parent?: FieldAccess,
): FieldAccess {
  // base config
  let readable = true;
  let visible = !f.hidden;
  let writable = !f.readonly;
  let required = f.required;
  // platform (pc/app)
  if (ctx.platform && !f.visibility.includes(ctx.platform)) visible = false;
  // workflow node formOperates
  const op = operateOf(ops, f);
  if (op) {
    if (op.read === false) readable = false;
    if (op.write === false) writable = false;
    if (op.required !== undefined) required = op.required === true && !f.readonly;
  }
  if (ctx.readonly) writable = false;
  // column/form grants
  if (ctx.grants) {
    const granted = f.table
      ? ctx.grants.has(f.table) || ctx.grants.has(`${f.table}-${f.vModel}`)
      : ctx.grants.has(f.vModel);
    if (!granted) readable = false;
  }
  // scripts (they cannot make readable what a grant or a node hides; they relax a required field, or a
  // sub-table, only when the form declares it: the server cannot know what they did)
  if (ctx.scripts) {
    const s = ctx.scripts(f.path);
    if (s?.hidden === false) visible = true;
    if (s?.required === true) required = true;
    if (s && (f.scriptRelaxable || (!required && f.key !== 'table'))) {
      if (s.hidden === true) visible = false;
      if (s.disabled === true) writable = false;
      if (s.required === false) required = false;
    }
  } else if (f.scriptRelaxable) required = false;
  // a cell follows its table
  if (parent) {
    readable &&= parent.readable;
    visible &&= parent.visible;
    writable &&= parent.writable;
  }
  visible &&= readable;
  writable &&= readable;
  required = required && visible && writable;
  return { readable, visible, writable, required };
}

/**
 * Runs the layers for every field of a compiled form (or, with `only`, for one main field and its cells).
 * Pure; the same in the browser and the server.
 */
export function accessOf(compiled: CompiledForm, ctx: AccessContext = {}, only?: string): AccessMap {
  const ops = operatesById(ctx.operates);
  const out = new Map<string, FieldAccess>();
  for (const f of compiled.fields)
    if (!f.table && (only === undefined || f.path === only)) out.set(f.path, fieldAccessOf(f, ctx, ops));
  for (const f of compiled.fields)
    if (f.table && (only === undefined || f.table === only))
      out.set(f.path, fieldAccessOf(f, ctx, ops, out.get(f.table)));
  return out;
}

/** The paths the caller may read (main fields and cells), for search and sort checks. */
export function readablePaths(access: AccessMap): Set<string> {
  const out = new Set<string>();
  for (const [p, a] of access) if (a.readable) out.add(p);
  return out;
}
