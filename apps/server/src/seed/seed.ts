import { type Kysely, sql, type Transaction } from 'kysely';
import { relabelSeededOrg } from '../db/org-labels';
import { menuLabelJson } from '../db/seed-labels';
import type { Database } from '../db/types';
import { hashPasswordMd5 } from '../domains/auth/password';
import { DEFAULT_SETTINGS } from '../domains/auth/settings';
import { md5Hex, newId } from '../domains/auth/tokens';
import { seedProjects } from '../domains/project/seed';
import { SEED_MENUS, type SeedMenu } from './menus';

/** Passwords of the seed (README lists them). Clients send MD5 hex of these. */
export const ADMIN_ACCOUNT = 'admin';
export const ADMIN_PASSWORD = 'admin123';
export const DEMO_PASSWORD = 'kp123456';

/** Demo accounts with a fixed role each (every other seeded user is an employee). */
export const DEMO_ACCOUNTS = [
  { account: 'sysadmin', name: '系统管理员', role: 'sysAdmin' },
  { account: 'liuzhiqiang', name: '刘志强', role: 'companyLeader' },
  { account: 'chenjing', name: '陈静', role: 'hr' },
  { account: 'wangjianguo', name: '王建国', role: 'deptManager' },
  { account: 'zhangwei', name: '张伟', role: 'employee' },
] as const;

const SURNAMES: Array<[string, string]> = [
  ['李', 'li'],
  ['王', 'wang'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['赵', 'zhao'],
  ['黄', 'huang'],
  ['周', 'zhou'],
  ['吴', 'wu'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['胡', 'hu'],
  ['朱', 'zhu'],
  ['高', 'gao'],
  ['林', 'lin'],
  ['何', 'he'],
  ['郭', 'guo'],
  ['马', 'ma'],
  ['罗', 'luo'],
];
const GIVEN: Array<[string, string]> = [
  ['海涛', 'haitao'],
  ['晓燕', 'xiaoyan'],
  ['志明', 'zhiming'],
  ['丽娟', 'lijuan'],
  ['建华', 'jianhua'],
  ['秀英', 'xiuying'],
  ['国强', 'guoqiang'],
  ['婷', 'ting'],
  ['磊', 'lei'],
  ['鹏飞', 'pengfei'],
  ['雪梅', 'xuemei'],
  ['俊杰', 'junjie'],
  ['文博', 'wenbo'],
  ['欣怡', 'xinyi'],
  ['宏伟', 'hongwei'],
  ['玉兰', 'yulan'],
  ['子豪', 'zihao'],
  ['春生', 'chunsheng'],
  ['佳琪', 'jiaqi'],
  ['明轩', 'mingxuan'],
];

interface SeedOrg {
  code: string;
  name: string;
  depts: string[];
}
const GROUP = { code: 'JGJT', name: '建管建设集团有限公司' };
const COMPANIES: SeedOrg[] = [
  { code: 'JGJT-HQ', name: '集团总部', depts: ['综合办公室', '信息管理部', '人力资源部', '财务管理部'] },
  { code: 'JGJT-YJ', name: '第一工程有限公司', depts: ['综合办公室', '工程管理部', '安全质量部', '财务部'] },
  { code: 'JGJT-EJ', name: '第二工程有限公司', depts: ['综合办公室', '工程管理部', '合约商务部'] },
  { code: 'JGJT-SJY', name: '建管设计研究院', depts: ['综合办公室', '建筑设计所', '结构设计所'] },
];
const POSITIONS = [
  ['GM', '总经理'],
  ['DM', '部门经理'],
  ['PM', '项目经理'],
  ['ENG', '工程师'],
  ['ACC', '会计'],
  ['STAFF', '专员'],
] as const;

type RoleCode = 'sysAdmin' | 'companyLeader' | 'deptManager' | 'hr' | 'employee';
const ROLES: Array<{
  code: RoleCode;
  name: string;
  scope: string;
  modules: (m: string) => boolean;
  buttons: (m: string, b: string) => boolean;
}> = [
  { code: 'sysAdmin', name: '系统管理员', scope: 'all', modules: () => true, buttons: () => true },
  {
    code: 'employee',
    name: '普通员工',
    scope: 'self',
    modules: (m) =>
      ['home', 'portal.group'].includes(m) ||
      /^(workFlow\.(flowLaunch|flowLaunchList|flowTodo|flowDone|flowCirculate|entrust)|oa\.|WD)/.test(m),
    buttons: (m) =>
      m === 'oa.conference' || // book (btn_add) and edit / cancel one's own booking (btn_edit)
      m === 'workFlow.flowLaunchList' ||
      m === 'workFlow.entrust' || // one's own delegations (its writes need btn_add / btn_remove)
      m === 'WDKQ01' ||
      m === 'WDQC01', // write, edit / issue (btn_edit) and delete (btn_remove) one's own drafts
  },
  {
    code: 'deptManager',
    name: '部门经理',
    scope: 'dept',
    modules: (m) =>
      ROLE_EMPLOYEE(m) || ['workFlow.flowMonitor', 'permission.user', 'permission.department'].includes(m),
    buttons: (m, b) => ROLE_EMPLOYEE_BTN(m, b) || m === 'workFlow.flowTodo',
  },
  {
    code: 'companyLeader',
    name: '公司领导',
    scope: 'org',
    modules: (m) =>
      ROLE_EMPLOYEE(m) || /^(workFlow\.flowMonitor|permission\.(organize|department|position|user))$/.test(m),
    buttons: (m, b) =>
      ROLE_EMPLOYEE_BTN(m, b) ||
      m === 'workFlow.flowTodo' ||
      (m.startsWith('permission.') && b === 'btn_edit'),
  },
  {
    code: 'hr',
    name: '人事专员',
    scope: 'org',
    modules: (m) =>
      ROLE_EMPLOYEE(m) || /^permission\.(organize|department|position|user|role|group)$/.test(m),
    buttons: (m, b) => ROLE_EMPLOYEE_BTN(m, b) || /^permission\.(organize|department|position|user)$/.test(m),
  },
];
function ROLE_EMPLOYEE(m: string) {
  return ROLES[1].modules(m);
}
function ROLE_EMPLOYEE_BTN(m: string, b: string) {
  return ROLES[1].buttons(m, b);
}

async function insertMenus(
  tx: Transaction<Database>,
  menus: SeedMenu[],
  parentId: string | null,
  out: Map<string, string>,
) {
  let sort = 0;
  for (const m of menus) {
    const id = newId();
    out.set(m.enCode, id);
    await tx
      .insertInto('base_module')
      .values({
        id,
        parent_id: parentId ?? '-1',
        full_name: m.fullName,
        full_name_i18n: menuLabelJson(m.enCode, m.fullName),
        en_code: m.enCode,
        type: m.type,
        url_address: m.url ?? null,
        icon: m.icon ?? null,
        category: m.category ?? 'Web',
        property_json: JSON.stringify({ moduleId: '', isTree: 0, ...(m.props ?? {}) }),
        link_target: m.linkTarget ?? '_self',
        sort_code: sort++,
      })
      .execute();
    for (const [table, items] of [
      ['base_module_button', m.buttons],
      ['base_module_column', m.columns],
      ['base_module_form', m.forms],
    ] as const) {
      let i = 0;
      for (const [enCode, fullName] of items ?? []) {
        await tx
          .insertInto(table)
          .values({ id: newId(), module_id: id, en_code: enCode, full_name: fullName, sort_code: i++ })
          .execute();
      }
    }
    if (m.children) await insertMenus(tx, m.children, id, out);
  }
}

export interface SeedOptions {
  bcryptCost: number;
  /** Extra generated employees beyond the ~50 (bench: 10,000 users). */
  extraUsers?: number;
}

/** Seeds demo data once (marker: sys_config key 'seedVersion'). Returns true when it seeded. */
export async function seedIfEmpty(db: Kysely<Database>, opts: SeedOptions): Promise<boolean> {
  const marker = await db
    .selectFrom('sys_config')
    .select('value')
    .where('key', '=', 'seedVersion')
    .executeTakeFirst();
  if (marker) return false;
  const adminHash = await hashPasswordMd5(md5Hex(ADMIN_PASSWORD), opts.bcryptCost);
  const demoHash = await hashPasswordMd5(md5Hex(DEMO_PASSWORD), opts.bcryptCost);
  await db.transaction().execute(async (tx) => {
    const menuIds = new Map<string, string>();
    await insertMenus(tx, SEED_MENUS, null, menuIds);

    // Organisation tree: group -> companies -> departments.
    const groupId = newId();
    await tx
      .insertInto('base_organize')
      .values({
        id: groupId,
        parent_id: '-1',
        category: 'company',
        en_code: GROUP.code,
        full_name: GROUP.name,
        tree_path: groupId,
        sort_code: 0,
      })
      .execute();
    const depts: Array<{ id: string; companyId: string; name: string }> = [];
    let ci = 0;
    for (const c of COMPANIES) {
      const cid = newId();
      await tx
        .insertInto('base_organize')
        .values({
          id: cid,
          parent_id: groupId,
          category: 'company',
          en_code: c.code,
          full_name: c.name,
          tree_path: `${groupId},${cid}`,
          sort_code: ci++,
        })
        .execute();
      let di = 0;
      for (const d of c.depts) {
        const did = newId();
        await tx
          .insertInto('base_organize')
          .values({
            id: did,
            parent_id: cid,
            category: 'department',
            en_code: `${c.code}-D${di + 1}`,
            full_name: d,
            tree_path: `${groupId},${cid},${did}`,
            sort_code: di++,
          })
          .execute();
        depts.push({ id: did, companyId: cid, name: d });
      }
    }

    // Positions per company.
    const positions = new Map<string, string>(); // `${companyId}:${code}` -> id
    const companyIds = [...new Set(depts.map((d) => d.companyId))];
    for (const cid of companyIds) {
      let i = 0;
      for (const [code, name] of POSITIONS) {
        const id = newId();
        positions.set(`${cid}:${code}`, id);
        await tx
          .insertInto('base_position')
          .values({
            id,
            organize_id: cid,
            full_name: name,
            en_code: `${code}-${cid.slice(0, 6)}`,
            type: '1',
            sort_code: i++,
          })
          .execute();
      }
    }

    // Roles and their grants.
    const roleIds = new Map<RoleCode, string>();
    const buttons = await tx
      .selectFrom('base_module_button as b')
      .innerJoin('base_module as m', 'm.id', 'b.module_id')
      .select(['b.id', 'b.en_code', 'm.en_code as menu'])
      .execute();
    const itemRows = async (table: 'base_module_column' | 'base_module_form') =>
      tx
        .selectFrom(`${table} as i`)
        .innerJoin('base_module as m', 'm.id', 'i.module_id')
        .select(['i.id', 'm.en_code as menu'])
        .execute();
    const columns = await itemRows('base_module_column');
    const forms = await itemRows('base_module_form');
    let ri = 0;
    for (const r of ROLES) {
      const id = newId();
      roleIds.set(r.code, id);
      await tx
        .insertInto('base_role')
        .values({
          id,
          full_name: r.name,
          en_code: r.code,
          type: 'user',
          global_mark: 1,
          data_scope: r.scope,
          sort_code: ri++,
        })
        .execute();
      const grants: Array<{ item_type: string; item_id: string }> = [];
      for (const [code, mid] of menuIds)
        if (r.modules(code)) grants.push({ item_type: 'module', item_id: mid });
      for (const b of buttons)
        if (r.modules(b.menu) && r.buttons(b.menu, b.en_code))
          grants.push({ item_type: 'button', item_id: b.id });
      for (const c of columns) if (r.modules(c.menu)) grants.push({ item_type: 'column', item_id: c.id });
      for (const f of forms) if (r.modules(f.menu)) grants.push({ item_type: 'form', item_id: f.id });
      for (const g of grants)
        await tx
          .insertInto('base_role_authorize')
          .values({ id: newId(), role_id: id, scope: null, ...g })
          .execute();
    }

    // Users: admin, the demo accounts, then employees spread over the departments.
    const hq = depts.find((d) => d.name === '信息管理部')!;
    const adminId = newId();
    await tx
      .insertInto('base_user')
      .values({
        id: adminId,
        account: ADMIN_ACCOUNT,
        real_name: '管理员',
        password_hash: adminHash,
        is_administrator: true,
        organize_id: hq.companyId,
        department_id: hq.id,
        sort_code: 0,
      })
      .execute();
    const relate = async (userId: string, type: string, objectId: string) =>
      tx
        .insertInto('base_user_relation')
        .values({ id: newId(), user_id: userId, object_type: type, object_id: objectId })
        .execute();
    await relate(adminId, 'Organize', hq.id);

    const deptOf = (i: number) => depts[i % depts.length];
    const demoPlacement: Record<string, { dept: (typeof depts)[number]; pos: string }> = {
      sysadmin: { dept: hq, pos: 'STAFF' },
      liuzhiqiang: { dept: depts.find((d) => d.companyId === companyIds[1])!, pos: 'GM' },
      chenjing: { dept: depts.find((d) => d.name === '人力资源部')!, pos: 'STAFF' },
      wangjianguo: {
        dept: depts.find((d) => d.companyId === companyIds[1] && d.name === '工程管理部')!,
        pos: 'DM',
      },
      zhangwei: {
        dept: depts.find((d) => d.companyId === companyIds[1] && d.name === '工程管理部')!,
        pos: 'ENG',
      },
    };
    let sort = 1;
    const users: Array<{
      account: string;
      name: string;
      role: RoleCode;
      dept: (typeof depts)[number];
      pos: string;
    }> = [];
    for (const d of DEMO_ACCOUNTS)
      users.push({ account: d.account, name: d.name, role: d.role, ...demoPlacement[d.account] });
    const total = 45 + (opts.extraUsers ?? 0);
    for (let i = 0; users.length < DEMO_ACCOUNTS.length + total; i++) {
      const [sn, sp] = SURNAMES[i % SURNAMES.length];
      const [gn, gp] = GIVEN[(i * 7 + Math.floor(i / SURNAMES.length)) % GIVEN.length];
      const round = Math.floor(i / (SURNAMES.length * GIVEN.length));
      const account = `${sp}${gp}${round ? round : ''}`;
      if (users.some((u) => u.account === account)) continue;
      const dept = deptOf(i);
      users.push({
        account,
        name: `${sn}${gn}`,
        role: 'employee',
        dept,
        pos: i % 9 === 0 ? 'DM' : i % 5 === 0 ? 'ACC' : 'ENG',
      });
      if (i > 100_000) break;
    }
    const headOf = new Map<string, string>();
    const rows = users.map((u) => ({
      id: newId(),
      account: u.account,
      real_name: u.name,
      password_hash: demoHash,
      gender: /[婷燕娟英梅兰怡琪静]/.test(u.name) ? '2' : '1',
      mobile_phone: `13${String(800000000 + ((sort * 7919) % 199999999)).padStart(9, '0')}`,
      email: `${u.account}@jgjt.example.com`,
      organize_id: u.dept.companyId,
      department_id: u.dept.id,
      sort_code: sort++,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('base_user')
        .values(rows.slice(i, i + 500))
        .execute();
    const rel: Array<{ id: string; user_id: string; object_type: string; object_id: string }> = [];
    users.forEach((u, i) => {
      const id = rows[i].id;
      rel.push({ id: newId(), user_id: id, object_type: 'Role', object_id: roleIds.get(u.role)! });
      if (u.role === 'deptManager' || u.pos === 'DM')
        rel.push({ id: newId(), user_id: id, object_type: 'Role', object_id: roleIds.get('deptManager')! });
      rel.push({
        id: newId(),
        user_id: id,
        object_type: 'Position',
        object_id: positions.get(`${u.dept.companyId}:${u.pos}`)!,
      });
      rel.push({ id: newId(), user_id: id, object_type: 'Organize', object_id: u.dept.id });
      if (u.pos === 'DM' && !headOf.has(u.dept.id)) headOf.set(u.dept.id, id);
    });
    const seen = new Set<string>();
    const uniq = rel.filter((r) => {
      const k = `${r.user_id}|${r.object_type}|${r.object_id}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    for (let i = 0; i < uniq.length; i += 500)
      await tx
        .insertInto('base_user_relation')
        .values(uniq.slice(i, i + 500))
        .execute();
    for (const [deptId, userId] of headOf)
      await tx.updateTable('base_organize').set({ manager_id: userId }).where('id', '=', deptId).execute();
    await tx
      .updateTable('base_organize')
      .set({ manager_id: rows[1].id })
      .where('id', '=', companyIds[1])
      .execute();

    // the generic names (roles, positions, departments) in every language
    await relabelSeededOrg(tx);
    await seedProjects(tx);

    // System settings (sysName 建管佳, sysVersion V1.1.0, login and lockout rules) as editable rows.
    await tx
      .insertInto('sys_config')
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await tx.insertInto('sys_config').values({ key: 'seedVersion', value: '1' }).execute();
  });
  // Planner statistics for the freshly loaded tables (PGlite runs no autovacuum; see db/maintenance.ts).
  await sql`analyze`.execute(db);
  return true;
}
