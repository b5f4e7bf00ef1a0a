import type { I18nText, Language } from '@kp/schema';
import { Empty, Input, Select, Table, Tabs, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { textIn } from '../../util/text';
import { BTN, flatten, PermButton, useLoad, usePerm } from './common';
import { SCOPES } from './Role';
import './admin.css';

interface ModuleNode {
  id: string;
  parentId: string | null;
  fullName: I18nText;
  enCode: string;
  children?: ModuleNode[];
}
interface Item {
  id: string;
  moduleId: string;
  fullName: I18nText;
  enCode: string;
}
type Scope = (typeof SCOPES)[number];
export interface Grants {
  module: string[];
  button: string[];
  column: string[];
  form: string[];
  dataScope: Scope;
  moduleDataScope: { moduleId: string; scope: Scope }[];
}
interface AuthorityData extends Grants {
  catalog: { module: ModuleNode[]; button: Item[]; column: Item[]; form: Item[] };
}
interface RoleNode {
  id: string;
  onlyId?: string;
  fullName: string;
  type: string;
  enabledMark?: number;
  children?: RoleNode[];
}
type Kind = 'button' | 'column' | 'form';
interface TNode {
  key: string;
  title: string;
  selectable?: boolean;
  children?: TNode[];
}

/**
 * The grants to save: items of modules no longer granted are dropped, per-menu data scopes likewise.
 * Pure so the rules are unit-tested.
 */
export function grantsToSave(g: Grants, items: Record<Kind, Item[]>): Grants {
  const mods = new Set(g.module);
  const keep = (kind: Kind) => {
    const of = new Map(items[kind].map((i) => [i.id, i.moduleId]));
    return [...new Set(g[kind])].filter((id) => mods.has(of.get(id) ?? ''));
  };
  return {
    module: [...mods],
    button: keep('button'),
    column: keep('column'),
    form: keep('form'),
    dataScope: g.dataScope,
    moduleDataScope: g.moduleDataScope.filter((o) => mods.has(o.moduleId)),
  };
}

/** Menu ids to grant from a tree check: the checked ones plus their ancestors (a page needs its directory). */
export function withAncestors(checked: string[], tree: ModuleNode[]): string[] {
  const parent = new Map<string, string | null>();
  for (const n of flatten(tree)) parent.set(n.id, n.parentId);
  const out = new Set<string>();
  for (const id of checked) {
    let cur: string | null | undefined = id;
    while (cur && parent.has(cur) && !out.has(cur)) {
      out.add(cur);
      cur = parent.get(cur);
    }
  }
  return [...out];
}

/** Authorisation per role (spec 4 §6): menus, buttons, columns, forms and data scopes. */
export default function Authorize() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const perm = usePerm();
  const [kw, setKw] = useState('');
  const { data: roles } = useLoad(
    async () => (await http.get<{ list: RoleNode[] }>('/api/permission/Role/Selector')).data.list ?? [],
    [],
    [] as RoleNode[],
  );
  const [roleId, setRoleId] = useState('');
  const [data, setData] = useState<AuthorityData | null>(null);
  const [g, setG] = useState<Grants | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setData(null);
    setG(null);
    if (!roleId) return;
    http
      .get<AuthorityData>(`/api/permission/Authority/Data/${roleId}`)
      .then((r) => {
        setData(r.data);
        setG({
          module: r.data.module,
          button: r.data.button,
          column: r.data.column,
          form: r.data.form,
          dataScope: r.data.dataScope,
          moduleDataScope: r.data.moduleDataScope ?? [],
        });
      })
      .catch(() => {});
  }, [roleId]);

  const roleTree = useMemo(() => {
    const conv = (l: RoleNode[]): TNode[] =>
      l
        .map((n) => ({
          key: n.type === 'role' ? n.id : `g:${n.onlyId ?? n.id}`,
          title: n.fullName,
          selectable: n.type === 'role',
          children: n.children?.length ? conv(n.children) : undefined,
        }))
        .filter((n) => !kw || n.title.includes(kw) || (n.children?.length ?? 0) > 0);
    return conv(roles);
  }, [roles, kw]);

  const moduleTree = useMemo(() => {
    const conv = (l: ModuleNode[]): TNode[] =>
      l.map((m) => ({
        key: m.id,
        title: textIn(m.fullName, lang),
        children: m.children?.length ? conv(m.children) : undefined,
      }));
    return data ? conv(data.catalog.module) : [];
  }, [data, lang]);
  const allModules = useMemo(() => (data ? flatten(data.catalog.module) : []), [data]);
  const leaves = useMemo(
    () => new Set(allModules.filter((m) => !m.children?.length).map((m) => m.id)),
    [allModules],
  );

  const itemTree = (kind: Kind) => {
    if (!data || !g) return [];
    const mods = new Set(g.module);
    return allModules
      .filter((m) => mods.has(m.id))
      .map((m) => ({
        key: `m:${m.id}`,
        title: textIn(m.fullName, lang),
        children: data.catalog[kind]
          .filter((i) => i.moduleId === m.id)
          .map((i) => ({ key: i.id, title: `${textIn(i.fullName, lang)} (${i.enCode})` })),
      }))
      .filter((n) => n.children.length > 0);
  };
  const itemTab = (kind: Kind) => {
    const tree = itemTree(kind);
    if (!g || tree.length === 0) return <Empty description={t('common.noData')} />;
    return (
      <Tree
        checkable
        defaultExpandAll
        selectable={false}
        treeData={tree}
        checkedKeys={g[kind]}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked)
            .map(String)
            .filter((k) => !k.startsWith('m:'));
          setG({ ...g, [kind]: list });
        }}
        data-testid={`auth-${kind}`}
      />
    );
  };

  const save = async () => {
    if (!g || !data) return;
    setBusy(true);
    try {
      await http.put(
        `/api/permission/Authority/Data/${roleId}`,
        grantsToSave(g, data.catalog) as unknown as Record<string, unknown>,
        { showSuccess: true },
      );
    } catch {
      // the client toasted the server's msg
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kp-adm" data-testid="page-authorize">
      <div className="kp-adm-side" data-testid="auth-roles">
        <Input.Search
          allowClear
          placeholder={t('adm.keyword')}
          onSearch={setKw}
          style={{ marginBottom: 8 }}
        />
        {roleTree.length > 0 && (
          <Tree
            blockNode
            defaultExpandAll
            treeData={roleTree}
            onSelect={(k) => k[0] && setRoleId(String(k[0]))}
          />
        )}
      </div>
      <div className="kp-adm-main">
        {!g || !data ? (
          <Empty description={t('adm.chooseRole')} />
        ) : (
          <>
            <div className="kp-adm-bar">
              <span className="kp-adm-grow" />
              <PermButton
                perm={perm}
                code={BTN.edit}
                type="primary"
                loading={busy}
                onClick={save}
                data-testid="auth-save"
              >
                {t('common.save')}
              </PermButton>
            </div>
            <Tabs
              items={[
                {
                  key: 'module',
                  label: <span data-testid="tab-module">{t('adm.menuPerm')}</span>,
                  children: (
                    <Tree
                      checkable
                      defaultExpandAll
                      selectable={false}
                      treeData={moduleTree}
                      checkedKeys={g.module.filter((id) => leaves.has(id))}
                      onCheck={(keys, info) => {
                        const checked = (Array.isArray(keys) ? keys : keys.checked).map(String);
                        const half = (info.halfCheckedKeys ?? []).map(String);
                        setG({ ...g, module: withAncestors([...checked, ...half], data.catalog.module) });
                      }}
                      data-testid="auth-module"
                    />
                  ),
                },
                {
                  key: 'button',
                  label: <span data-testid="tab-button">{t('adm.buttonPerm')}</span>,
                  children: itemTab('button'),
                },
                {
                  key: 'column',
                  label: <span data-testid="tab-column">{t('adm.columnPerm')}</span>,
                  children: itemTab('column'),
                },
                {
                  key: 'form',
                  label: <span data-testid="tab-form">{t('adm.formPerm')}</span>,
                  children: itemTab('form'),
                },
                {
                  key: 'data',
                  label: <span data-testid="tab-data">{t('adm.dataPerm')}</span>,
                  children: (
                    <div data-testid="auth-data">
                      <div className="kp-adm-bar">
                        {t('adm.dataScope')}
                        <Select
                          style={{ width: 220 }}
                          value={g.dataScope}
                          onChange={(v) => setG({ ...g, dataScope: v })}
                          options={SCOPES.map((s) => ({ value: s, label: t(`adm.scope_${s}`) }))}
                        />
                      </div>
                      <Table
                        size="small"
                        rowKey="id"
                        pagination={false}
                        dataSource={allModules.filter((m) => g.module.includes(m.id) && !m.children?.length)}
                        columns={[
                          {
                            title: t('adm.menuPerm'),
                            render: (_: unknown, m: ModuleNode) => textIn(m.fullName, lang),
                          },
                          {
                            title: t('adm.moduleScope'),
                            width: 240,
                            render: (_: unknown, m: ModuleNode) => (
                              <Select
                                style={{ width: 200 }}
                                value={g.moduleDataScope.find((o) => o.moduleId === m.id)?.scope ?? ''}
                                onChange={(v: Scope | '') =>
                                  setG({
                                    ...g,
                                    moduleDataScope: [
                                      ...g.moduleDataScope.filter((o) => o.moduleId !== m.id),
                                      ...(v ? [{ moduleId: m.id, scope: v }] : []),
                                    ],
                                  })
                                }
                                options={[
                                  { value: '', label: t('adm.inherit') },
                                  ...SCOPES.map((s) => ({ value: s, label: t(`adm.scope_${s}`) })),
                                ]}
                              />
                            ),
                          },
                        ]}
                      />
                    </div>
                  ),
                },
              ]}
            />
          </>
        )}
      </div>
    </div>
  );
}
