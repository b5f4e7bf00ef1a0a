// Dictionary helpers: the menu, the route parameters and the code rule (the trees: db/tree-crud.ts).
import { Type } from '@sinclair/typebox';
import { badRequest } from '../../http/api-error';
import { CODE_MSG, CODE_RE } from './system-tables';

export const MENU = 'systemData.dictionary';
export const TypeParams = Type.Object({ typeId: Type.String({ minLength: 1, maxLength: 64 }) });
export const SelParams = Type.Object({
  typeId: Type.String({ minLength: 1, maxLength: 64 }),
  parent: Type.String({ minLength: 1, maxLength: 64 }),
});

export function checkCode(enCode: string) {
  if (!CODE_RE.test(enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
}
