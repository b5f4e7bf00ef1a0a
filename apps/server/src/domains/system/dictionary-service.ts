// Dictionary helpers: trees of types and data, subtrees and the code rule.
import { Type } from '@sinclair/typebox';
import { badRequest } from '../../http/api-error';
import { CODE_MSG, CODE_RE } from './system-tables';

export const MENU = 'systemData.dictionary';
export const TypeParams = Type.Object({ typeId: Type.String({ minLength: 1, maxLength: 64 }) });
export const SelParams = Type.Object({
  typeId: Type.String({ minLength: 1, maxLength: 64 }),
  parent: Type.String({ minLength: 1, maxLength: 64 }),
});

export interface Node {
  id: string;
  parentId: string;
  children?: Node[];
  hasChildren?: boolean;
  [k: string]: unknown;
}

/** Nests flat rows by parentId; rows whose parent is missing become roots. */
export function toTree<T extends Node>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of rows) {
    const p = byId.get(r.parentId);
    if (p && p !== r) {
      p.children ??= [];
      p.children.push(r);
      p.hasChildren = true;
    } else roots.push(r);
  }
  return roots;
}

/** Ids of `id` and every node below it. */
export function subtree(rows: Array<{ id: string; parentId: string }>, id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
  }
  return out;
}

export function checkCode(enCode: string) {
  if (!CODE_RE.test(enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
}
