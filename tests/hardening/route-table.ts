// The app's route table as the generated right suites read it (issue 34): each route's declared rule, the
// object ids it takes (path params, and id-named properties of its query and body schemas), a minimal valid
// request built from its TypeBox schemas with chosen ids, and what a user holds read from the grant tables
// (independent of the guard's code). Used by relations.test.ts and buttons.test.ts.
import type { RouteInfo } from '@kp/server';
import type { TestApp } from '@kp/server/testing';
import type { InjectOptions } from 'fastify';
import { fuzzable } from './fuzz';

export type Rule =
  | { kind: 'public' }
  | { kind: 'admin' }
  | { kind: 'menu'; menu: string; button?: string }
  | { kind: 'signedIn'; check: string };

/** The route's declared right (access.test.ts proves every route declares exactly one of these). */
export function ruleOf(r: RouteInfo): Rule {
  const p = r.config.permission as
    | { menu?: string; button?: string; admin?: true; signedIn?: string }
    | undefined;
  if (r.config.auth === 'public' || !p) return { kind: 'public' };
  if (p.admin) return { kind: 'admin' };
  if (p.signedIn) return { kind: 'signedIn', check: p.signedIn };
  return { kind: 'menu', menu: p.menu!, ...(p.button ? { button: p.button } : {}) };
}

export const ruleText = (r: Rule) =>
  r.kind === 'menu' ? `${r.menu}${r.button ? `:${r.button}` : ''}` : r.kind === 'signedIn' ? r.check : r.kind;

/** The API routes the suites call (no socket, static host, logout or lock screen). */
export const apiRoutes = (t: TestApp) => t.ctx.routes.filter(fuzzable);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
  minItems?: number;
};

/** Names that hold an object id: id, ids, pid, parent, and anything ending in Id / Ids (taskId, userIds …). */
export const ID_NAME = /^(id|ids|pid|parent)$|[a-z]Ids?$/;

export interface IdSlot {
  in: 'path' | 'query' | 'body';
  name: string;
  many: boolean;
  required: boolean;
}

const props = (s: unknown): Record<string, Schema> => ((s as Schema | undefined)?.properties ?? {}) as never;
const isArray = (s: Schema | undefined): boolean =>
  !!s && (s.type === 'array' || !!(s.anyOf ?? s.oneOf ?? s.allOf)?.some((x) => isArray(x)));

/** The object ids a route takes: its id-named path params, query and body properties. */
export function idSlots(r: RouteInfo): IdSlot[] {
  const out: IdSlot[] = [];
  for (const seg of r.url.split('/'))
    if (seg.startsWith(':') && ID_NAME.test(seg.slice(1)))
      out.push({ in: 'path', name: seg.slice(1), many: false, required: true });
  for (const where of ['query', 'body'] as const) {
    const s = where === 'query' ? r.schema?.querystring : r.schema?.body;
    const required = new Set((s as Schema | undefined)?.required ?? []);
    for (const [k, v] of Object.entries(props(s)))
      if (ID_NAME.test(k)) out.push({ in: where, name: k, many: isArray(v), required: required.has(k) });
  }
  return out;
}

/** A value of the schema that validates, as small as possible (required properties only). */
export function minimalOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length) return minimalOf(schema.allOf[schema.allOf.length - 1], depth + 1);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return minimalOf(alts.find((a) => a.type !== 'null') ?? alts[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const k of schema.required ?? []) o[k] = minimalOf(schema.properties?.[k], depth + 1);
      return o;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalOf(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum === undefined ? 1 : Math.max(schema.minimum, 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      if (schema.pattern === '^[a-fA-F0-9]{32}$') return '0'.repeat(32);
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return 'x';
  }
}

/** A path param that is not an id (a kind, a section, a step): its schema's first allowed value. */
function kindValue(r: RouteInfo, name: string, named: Record<string, string>): string {
  if (named[name] !== undefined) return named[name];
  const s = props(r.schema?.params)[name];
  const v = minimalOf(s);
  return v === 'x' && !s ? 'x' : String(v);
}

/**
 * The request for `r` with every id slot filled by `id(slot)` (arrays get one element), other path params
 * from `named` or their schema, and the query/body the minimal valid value of their schema.
 */
export function requestFor(
  r: RouteInfo,
  id: (slot: IdSlot) => string,
  named: Record<string, string> = {},
  /** Fill every top-level body property, not only the required ones (reaches past "x is required" checks). */
  rich = false,
): InjectOptions {
  const slots = idSlots(r);
  const url = r.url
    .split('/')
    .map((seg) => {
      if (seg === '*') return 'x';
      if (!seg.startsWith(':')) return seg;
      const name = seg.slice(1);
      const slot = slots.find((s) => s.in === 'path' && s.name === name);
      return encodeURIComponent(slot ? id(slot) : kindValue(r, name, named));
    })
    .join('/');
  const fill = (where: 'query' | 'body', schema: unknown) => {
    const v = (minimalOf(schema as Schema) ?? {}) as Record<string, unknown>;
    const o: Record<string, unknown> = typeof v === 'object' && !Array.isArray(v) ? { ...v } : {};
    if (rich && where === 'body')
      for (const [k, p] of Object.entries(props(schema)))
        if (!(k in o) && (p.type || p.anyOf || p.const !== undefined || p.enum)) o[k] = minimalOf(p);
    // The required id slots when there are some (an optional one, e.g. a parent, would point elsewhere), else all.
    const here = slots.filter((x) => x.in === where);
    const fillIn = here.some((x) => x.required) ? here.filter((x) => x.required) : here;
    for (const s of here) if (!fillIn.includes(s)) delete o[s.name];
    for (const s of fillIn) {
      const v = id(s);
      // '' leaves an optional slot out (an unfiltered list)
      if (v === '' && !s.required) delete o[s.name];
      else o[s.name] = s.many ? [v] : v;
    }
    return o;
  };
  const query = r.schema?.querystring ? fill('query', r.schema.querystring) : {};
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const x of Array.isArray(v) ? v : [v])
      qs.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
  const q = qs.toString();
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE' ? true : !!r.schema?.body;
  return {
    method: r.method as 'GET',
    url: q ? `${url}?${q}` : url,
    ...(hasBody ? { payload: r.schema?.body ? fill('body', r.schema.body) : {} } : {}),
  };
}

export interface Grants {
  admin: boolean;
  menus: Set<string>;
  /** `menu:button` */
  buttons: Set<string>;
}

/** What a user holds, read from the grant tables (enabled roles, enabled menus and buttons). */
export async function grantsOf(t: TestApp, userId: string): Promise<Grants> {
  const db = t.db.kysely;
  const u = await db
    .selectFrom('base_user')
    .select(['id', 'is_administrator'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roleIds = (
    await db
      .selectFrom('base_user_relation as r')
      .innerJoin('base_role as ro', 'ro.id', 'r.object_id')
      .select('ro.id')
      .where('r.user_id', '=', u.id)
      .where('r.object_type', '=', 'Role')
      .where('ro.enabled_mark', '=', 1)
      .execute()
  ).map((r) => r.id);
  const menus = new Set<string>();
  const buttons = new Set<string>();
  if (roleIds.length) {
    for (const m of await db
      .selectFrom('base_role_authorize as a')
      .innerJoin('base_module as m', 'm.id', 'a.item_id')
      .select('m.en_code')
      .where('a.role_id', 'in', roleIds)
      .where('a.item_type', '=', 'module')
      .where('m.enabled_mark', '=', 1)
      .execute())
      menus.add(m.en_code);
    for (const b of await db
      .selectFrom('base_role_authorize as a')
      .innerJoin('base_module_button as b', 'b.id', 'a.item_id')
      .innerJoin('base_module as m', 'm.id', 'b.module_id')
      .select(['m.en_code as menu', 'b.en_code as button'])
      .where('a.role_id', 'in', roleIds)
      .where('a.item_type', '=', 'button')
      .where('b.enabled_mark', '=', 1)
      .execute())
      buttons.add(`${b.menu}:${b.button}`);
  }
  return { admin: !!u.is_administrator, menus, buttons };
}

/** Does the declared rule let a holder of `g` past the guard? */
export function guardLets(rule: Rule, g: Grants): boolean {
  if (rule.kind === 'public' || rule.kind === 'signedIn') return true;
  if (g.admin) return true;
  if (rule.kind === 'admin') return false;
  return g.menus.has(rule.menu) && (!rule.button || g.buttons.has(`${rule.menu}:${rule.button}`));
}

/** The module ids of a menu and of its ancestors (granting a menu grants the path to it). */
export async function menuPath(t: TestApp, menuId: string): Promise<string[]> {
  const out: string[] = [];
  let id: string | null = menuId;
  while (id && id !== '-1' && !out.includes(id)) {
    out.push(id);
    const row: { parent_id: string | null } | undefined = await t.db.kysely
      .selectFrom('base_module')
      .select('parent_id')
      .where('id', '=', id)
      .executeTakeFirst();
    id = row?.parent_id ?? null;
  }
  return out;
}
