import type { FormProviders, TreeNode } from './types';

/**
 * The role picker's tabs (spec 3 §6 / 4 §6): roles of the organisation and global roles. Shared by the form's
 * role picker (widgets/rolePickerDialog.tsx) and @kp/designer's (common/OrgPicker.tsx).
 */
export type RoleTab = 'organize' | 'global';
export const ROLE_TABS: readonly RoleTab[] = ['organize', 'global'];

type RoleTree = Pick<FormProviders, 'orgTree'>;

/**
 * What a role tab lists. The role tree's roots are the 全局角色 node (type 'global', its children the
 * global roles) and the units holding roles; a role at the top is global as well. The organisation tab
 * shows the units (roles load as their leaves), the global tab the global roles. A keyword searches the
 * tab's own roles: the global ones by name, the organisation's through the provider's search.
 */
export async function roleTabNodes(p: RoleTree, tab: RoleTab, keyword = ''): Promise<TreeNode[]> {
  const roots = await p.orgTree('role', '0');
  const globalRoots = roots.filter((n) => n.type === 'global');
  const nested = await Promise.all(globalRoots.map((g) => p.orgTree('role', g.id)));
  const globals = [...roots, ...nested.flat()].filter((n) => n.type === 'role');
  if (tab === 'global') return keyword ? globals.filter((n) => n.fullName.includes(keyword)) : globals;
  if (!keyword) return roots.filter((n) => n.type !== 'global' && n.type !== 'role');
  const global = new Set(globals.map((n) => n.id));
  return (await p.orgTree('role', '0', { keyword })).filter((n) => !global.has(n.id));
}
