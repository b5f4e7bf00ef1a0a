import type { FieldConfig, FormConfig } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile';
import { CURRENT_USER, resolveSystemVariables } from './systemVariables';
import { validateFormData } from './validate';

const f = (jnpfKey: string, vModel: string, label: string, props: Record<string, unknown> = {}) =>
  ({ __config__: { jnpfKey, label }, __vModel__: vModel, ...props }) as unknown as FieldConfig;

const config: FormConfig = {
  fields: [
    f('roleSelect', 'role', '角色', { hasSys: true }),
    f('roleSelect', 'roles', '角色们', { hasSys: true, multiple: true }),
    f('userSelect', 'owner', '经办人', { hasSys: true }),
    f('usersSelect', 'people', '人员', { hasSys: true }),
    f('roleSelect', 'plainRole', '普通角色'),
    f('userSelect', 'plainUser', '普通用户'),
    f('comInput', 'title', '标题'),
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [f('userSelect', 'who', '人', { hasSys: true }), f('roleSelect', 'r', '角色列')],
      },
      __vModel__: 'rows',
    } as unknown as FieldConfig,
  ],
} as unknown as FormConfig;

const zh = compileForm(config);
const who = { userId: 'u1', roleIds: ['r1', 'r2'] };

describe('resolveSystemVariables (当前用户)', () => {
  it('puts the submitter in user pickers and their roles in role pickers', () => {
    const r = resolveSystemVariables(
      zh,
      {
        role: CURRENT_USER,
        roles: ['r2', CURRENT_USER, 'r9'],
        owner: CURRENT_USER,
        people: ['u7', CURRENT_USER, 'u1'],
        title: CURRENT_USER,
        rows: [{ who: CURRENT_USER }, { who: 'u3' }],
        extra: CURRENT_USER,
      },
      who,
    );
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual({
      role: 'r1', // single: the main (first) role
      roles: ['r2', 'r1', 'r9'], // expanded in place, without duplicates
      owner: 'u1',
      people: ['u7', 'u1'],
      title: CURRENT_USER, // a text field holds text: no picker, nothing to resolve
      rows: [{ who: 'u1' }, { who: 'u3' }],
      extra: CURRENT_USER, // keys that are not fields pass
    });
  });

  it('leaves data without the token as it is and does not modify its input', () => {
    const data = { role: 'r5', roles: ['r1'], owner: 'u9', rows: [{ who: 'u2' }] };
    const copy = structuredClone(data);
    const r = resolveSystemVariables(zh, data, who);
    expect(r).toEqual({ data: copy, errors: [] });
    const withToken = { owner: CURRENT_USER, rows: [{ who: CURRENT_USER }] };
    resolveSystemVariables(zh, withToken, who);
    expect(withToken).toEqual({ owner: CURRENT_USER, rows: [{ who: CURRENT_USER }] });
  });

  it('a multiple role picker of a user without roles becomes the other ids', () => {
    const r = resolveSystemVariables(zh, { roles: [CURRENT_USER, 'r9'] }, { userId: 'u1', roleIds: [] });
    expect(r).toEqual({ data: { roles: ['r9'] }, errors: [] });
  });

  it('refuses a single role picker when the submitter has no role, in the form language', () => {
    const none = { userId: 'u1', roleIds: [] };
    expect(resolveSystemVariables(zh, { role: CURRENT_USER }, none).errors).toEqual([
      { path: 'role', field: 'role', message: '角色：当前用户没有角色', rule: 'system' },
    ]);
    const en = compileForm(config, { lang: 'en' });
    expect(resolveSystemVariables(en, { role: CURRENT_USER }, none).errors[0]?.message).toBe(
      '角色: the current user has no role',
    );
    const tw = compileForm(config, { lang: 'zhtw' });
    expect(resolveSystemVariables(tw, { role: CURRENT_USER }, none).errors[0]?.message).toBe(
      '角色：目前使用者沒有角色',
    );
  });

  it('refuses the token in a field that does not offer it (hasSys off), also in a sub-table cell', () => {
    const r = resolveSystemVariables(
      zh,
      { plainRole: CURRENT_USER, plainUser: CURRENT_USER, rows: [{ r: [CURRENT_USER] }] },
      who,
    );
    expect(r.errors.map((e) => [e.path, e.message, e.rule])).toEqual([
      ['plainRole', '普通角色格式不正确', 'type'],
      ['plainUser', '普通用户格式不正确', 'type'],
      ['rows[0].r', '角色列格式不正确', 'type'],
    ]);
    expect(r.data.plainRole).toBe(CURRENT_USER);
  });

  it('hasSys on another kind offers nothing; the token is text in a text field', () => {
    const c = compileForm({ fields: [f('posSelect', 'pos', '岗位', { hasSys: true })] } as FormConfig);
    expect(c.fields[0]?.systemVariables).toBe('refused');
    expect(resolveSystemVariables(c, { pos: CURRENT_USER }, who).errors[0]?.rule).toBe('type');
    expect(zh.byPath.get('title')?.systemVariables).toBe('text');
    expect(zh.byPath.get('role')?.systemVariables).toBe('offered');
    expect(validateFormData(zh, { title: CURRENT_USER }).ok).toBe(true);
  });

  it('validation accepts the token only where the field offers it (browser and server alike)', () => {
    const ok = validateFormData(zh, { role: CURRENT_USER, roles: [CURRENT_USER], owner: CURRENT_USER });
    expect(ok).toEqual({ ok: true, errors: [] });
    const bad = validateFormData(zh, { plainRole: CURRENT_USER, plainUser: [CURRENT_USER] });
    expect(bad.errors.map((e) => e.path)).toEqual(['plainRole', 'plainUser']);
    const cell = validateFormData(zh, { rows: [{ r: CURRENT_USER, who: CURRENT_USER }] });
    expect(cell.errors.map((e) => e.path)).toEqual(['rows[0].r']);
  });

  it('property: resolved data never holds the token when nothing is refused', () => {
    const id = fc.constantFrom('r1', 'r2', 'r3', 'u1', 'u2', CURRENT_USER);
    fc.assert(
      fc.property(
        fc.record({ role: id, roles: fc.array(id), owner: id, people: fc.array(id) }),
        fc.array(fc.constantFrom('r1', 'r2', 'r3'), { maxLength: 3 }),
        (data, roleIds) => {
          const r = resolveSystemVariables(zh, data, { userId: 'u1', roleIds });
          if (r.errors.length) {
            expect(data.role).toBe(CURRENT_USER);
            expect(roleIds).toEqual([]);
            return;
          }
          expect(JSON.stringify(r.data)).not.toContain(CURRENT_USER);
          for (const k of ['roles', 'people'] as const) {
            const list = r.data[k] as string[];
            if (data[k].includes(CURRENT_USER)) expect(new Set(list).size).toBe(list.length);
            for (const v of data[k]) if (v !== CURRENT_USER) expect(list).toContain(v);
          }
          if (data.roles.includes(CURRENT_USER)) for (const x of roleIds) expect(r.data.roles).toContain(x);
        },
      ),
    );
  });
});
