import { Form } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { CrudPage, formValues, RowActions, useColumns, useCrud, usePaged } from '../../kit/crud';
import { useLoad } from '../../kit/useLoad';
import { md5 } from '../../services/md5';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { BTN, FormDialog, flatten, fmtTime, PermButton, usePerm } from './common';
import { exportThen } from './excel';
import { type OneTimePassword, OneTimePasswordsDialog } from './OneTimePasswords';
import { OrgAdminDialog } from './OrgAdmin';
import { loadOrgTree, type OrgNode, OrgTreePanel, toAntTree } from './OrgTree';
import { ResumeDrawer } from './Resume';
import { ResetPasswordDialog, UserFormItems } from './UserDialogs';
import { ImportDialog } from './UserImport';

interface UserRow {
  id: string;
  account: string;
  realName: string;
  gender: number | null;
  mobilePhone: string | null;
  email: string | null;
  organizeId: string | null;
  organize: string;
  enabledMark: number;
  isAdministrator: number;
  sortCode: number;
  description: string | null;
  creatorTime: number;
}
interface UserForm {
  account: string;
  realName: string;
  gender?: number;
  mobilePhone?: string;
  email?: string;
  organizeId: string;
  positionIds?: string[];
  roleIds?: string[];
  password?: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string;
}
interface PickNode {
  id: string;
  fullName: string;
  type: string;
  organizeId?: string;
  children?: PickNode[];
}

const COLUMN_CODES = ['account', 'realName', 'gender', 'mobilePhone', 'organize', 'creatorTime'] as const;

/** Users: organisation tree filter, paged list with keyword, CRUD, reset password, state, unlock, Excel. */
export default function User() {
  const { t } = useTranslation();
  const perm = usePerm();
  const list = usePaged<UserRow, { organizeId: string }>('/api/permission/Users', { organizeId: '' });
  const { query, reload } = list;
  const { data: orgs } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const { data: roles } = useLoad(
    async () =>
      flatten((await http.get<{ list: PickNode[] }>('/api/permission/Role/Selector')).data.list ?? []).filter(
        (r) => r.type === 'role',
      ),
    [],
    [] as PickNode[],
  );
  const { data: positions } = useLoad(
    async () =>
      flatten(
        (await http.get<{ list: PickNode[] }>('/api/permission/Position/Selector')).data.list ?? [],
      ).filter((p) => p.type === 'position'),
    [],
    [] as PickNode[],
  );
  const lastSaved = useRef<{ account: string; realName?: string }>({ account: '' });
  const [shown, setShown] = useState<OneTimePassword[] | null>(null);
  const crud = useCrud<UserForm>({
    base: '/api/permission/Users',
    reload,
    toBody: ({ password, ...v }, editing) => {
      lastSaved.current = { account: v.account ?? '', realName: v.realName };
      return {
        ...v,
        mobilePhone: v.mobilePhone || null,
        email: v.email || null,
        ...(!editing?.id && password ? { password: md5(password) } : {}),
      };
    },
    // a user created without a password gets a random one, answered this once
    onSaved: (data, created) => {
      const password = (data as { password?: string } | null)?.password;
      if (created && password) setShown([{ ...lastSaved.current, password }]);
    },
  });
  const orgOfForm = Form.useWatch('organizeId', crud.form);
  const cols = useColumns();
  const [resetFor, setResetFor] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [resumeOf, setResumeOf] = useState<string | null>(null);
  const closeResume = useCallback(() => setResumeOf(null), []);
  const [adminOf, setAdminOf] = useState<UserRow | null>(null);
  const closeAdmin = useCallback(() => setAdminOf(null), []);
  const isAdmin = useStore(sessionStore, (s) => Boolean(s.userInfo?.isAdministrator));

  const orgTree = useMemo(() => toAntTree(orgs), [orgs]);
  const positionOptions = useMemo(() => {
    const orgIds = new Set<string>();
    if (orgOfForm) {
      // positions of the chosen unit and of the units above it
      const byId = new Map(flatten(orgs).map((o) => [o.id, o]));
      let cur = byId.get(orgOfForm);
      while (cur) {
        orgIds.add(cur.id);
        cur = cur.parentId ? byId.get(cur.parentId) : undefined;
      }
    }
    return positions
      .filter((p) => orgIds.size === 0 || orgIds.has(p.organizeId ?? ''))
      .map((p) => ({ value: p.id, label: p.fullName }));
  }, [positions, orgs, orgOfForm]);

  const open = async (row: UserRow | null) => {
    if (!row)
      return crud.setEditing({
        initial: { organizeId: query.organizeId || undefined, enabledMark: 1, sortCode: 0, gender: 1 },
      });
    const r = await http.get<UserForm & { id: string }>(`/api/permission/Users/${row.id}`);
    crud.setEditing({
      id: row.id,
      initial: formValues(r.data, ['gender', 'mobilePhone', 'email', 'description']),
    });
  };
  const act = (p: Promise<unknown>) => p.then(reload).catch(() => {});
  const colOn = (c: (typeof COLUMN_CODES)[number]) => perm.col(c);

  return (
    <CrudPage<UserRow>
      testId="page-user"
      perm={perm}
      side={<OrgTreePanel onSelect={(organizeId) => list.filter({ organizeId })} />}
      onSearch={list.search}
      searchTestId="user-search"
      onAdd={() => open(null)}
      tools={
        <>
          <PermButton
            perm={perm}
            code={BTN.export}
            onClick={() =>
              exportThen(() =>
                http.get('/api/permission/Users/ExportExcel', {
                  keyword: query.keyword,
                  organizeId: query.organizeId || undefined,
                }),
              ).catch(() => {})
            }
          >
            {t('adm.exportExcel')}
          </PermButton>
          <PermButton perm={perm} code={BTN.import} onClick={() => setImporting(true)}>
            {t('adm.import')}
          </PermButton>
        </>
      }
      onRefresh={reload}
      table={{
        ...list.table,
        columns: [
          ...(colOn('account') ? [{ title: t('adm.account'), dataIndex: 'account' }] : []),
          ...(colOn('realName') ? [{ title: t('adm.realName'), dataIndex: 'realName' }] : []),
          ...(colOn('gender')
            ? [
                {
                  title: t('adm.gender'),
                  dataIndex: 'gender',
                  width: 60,
                  render: (g: number | null) => (g === 1 ? t('adm.male') : g === 2 ? t('adm.female') : ''),
                },
              ]
            : []),
          ...(colOn('mobilePhone') ? [{ title: t('adm.mobilePhone'), dataIndex: 'mobilePhone' }] : []),
          ...(colOn('organize') ? [{ title: t('adm.organize'), dataIndex: 'organize' }] : []),
          ...(colOn('creatorTime')
            ? [{ title: t('adm.creatorTime'), dataIndex: 'creatorTime', width: 150, render: fmtTime }]
            : []),
          { ...cols.state<UserRow>(), width: 70 },
          cols.actions(320, (row: UserRow) => (
            <RowActions
              perm={perm}
              wrap
              items={[
                {
                  key: 'resume',
                  label: t('adm.resume'),
                  onClick: () => setResumeOf(row.id),
                  testId: 'user-resume-btn',
                },
                {
                  key: 'orgAdmin',
                  hidden: !isAdmin,
                  label: t('adm.orgAdmin'),
                  onClick: () => setAdminOf(row),
                },
                { key: 'edit', code: BTN.edit, label: t('adm.edit'), onClick: () => open(row) },
                {
                  key: 'password',
                  code: 'btn_resetPassword',
                  label: t('adm.resetPassword'),
                  onClick: () => setResetFor(row),
                },
                row.enabledMark === 2
                  ? {
                      key: 'unlock',
                      code: 'btn_unlock',
                      label: t('adm.unlock'),
                      onClick: () =>
                        act(
                          http.put(
                            `/api/permission/Users/${row.id}/Actions/unlock`,
                            {},
                            { showSuccess: true },
                          ),
                        ),
                    }
                  : crud.actions.state(row, BTN.state),
                crud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<UserForm>> {...crud.dialog} width={800} testId="user-form">
        <UserFormItems
          perm={perm}
          editingId={crud.editing?.id}
          orgTree={orgTree}
          positionOptions={positionOptions}
          roleOptions={roles.map((r) => ({ value: r.id, label: r.fullName }))}
        />
      </FormDialog>
      <ResetPasswordDialog
        user={resetFor}
        onClose={() => setResetFor(null)}
        onPassword={(p) => setShown([p])}
      />
      <OneTimePasswordsDialog list={shown} onClose={() => setShown(null)} />
      <ResumeDrawer userId={resumeOf} onClose={closeResume} />
      <OrgAdminDialog user={adminOf} onClose={closeAdmin} />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onDone={reload}
        onPasswords={setShown}
      />
    </CrudPage>
  );
}
