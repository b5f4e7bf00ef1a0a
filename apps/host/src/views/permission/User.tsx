import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  TreeSelect,
  Upload,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { md5 } from '../../services/md5';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import {
  BTN,
  errText,
  FormDialog,
  flatten,
  fmtTime,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  useLoad,
  usePerm,
} from './common';
import { exportThen, uploadFile } from './excel';
import { OrgAdminDialog } from './OrgAdmin';
import { loadOrgTree, type OrgNode, OrgTreePanel, toAntTree } from './OrgTree';
import { ResumeDrawer } from './Resume';
import './admin.css';

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
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
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
  const confirmDelete = useConfirmDelete();
  const [query, setQuery] = useState({ keyword: '', organizeId: '', currentPage: 1, pageSize: 20 });
  const { data, loading, reload } = useLoad(
    async () =>
      (
        await http.get<Paged<UserRow>>('/api/permission/Users', {
          ...query,
          organizeId: query.organizeId || undefined,
        })
      ).data,
    [query],
    { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } as Paged<UserRow>,
  );
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
  const [form] = Form.useForm<UserForm>();
  const orgOfForm = Form.useWatch('organizeId', form);
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<UserForm> } | null>(null);
  const [resetFor, setResetFor] = useState<UserRow | null>(null);
  const [pwForm] = Form.useForm<{ password: string; confirm: string }>();
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
      return setEditing({
        initial: { organizeId: query.organizeId || undefined, enabledMark: 1, sortCode: 0, gender: 1 },
      });
    const r = await http.get<UserForm & { id: string }>(`/api/permission/Users/${row.id}`);
    const d = r.data;
    setEditing({
      id: row.id,
      initial: {
        ...d,
        gender: d.gender ?? undefined,
        mobilePhone: d.mobilePhone ?? undefined,
        email: d.email ?? undefined,
        description: d.description ?? undefined,
      },
    });
  };
  const save = async (v: UserForm) => {
    const { password, ...rest } = v;
    const body = { ...rest, mobilePhone: v.mobilePhone || null, email: v.email || null };
    if (editing?.id) await http.put(`/api/permission/Users/${editing.id}`, body, { showSuccess: true });
    else
      await http.post(
        '/api/permission/Users',
        { ...body, ...(password ? { password: md5(password) } : {}) },
        { showSuccess: true },
      );
    reload();
  };
  const act = (p: Promise<unknown>) => p.then(reload).catch(() => {});
  const colOn = (c: (typeof COLUMN_CODES)[number]) => perm.col(c);

  return (
    <div className="kp-adm" data-testid="page-user">
      <OrgTreePanel onSelect={(organizeId) => setQuery((q) => ({ ...q, organizeId, currentPage: 1 }))} />
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))}
            style={{ width: 240 }}
            data-testid="user-search"
          />
          <span className="kp-adm-grow" />
          <PermButton
            perm={perm}
            code={BTN.add}
            type="primary"
            onClick={() => open(null)}
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
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
          <Button onClick={reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<UserRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data.list}
          pagination={{
            current: data.pagination.currentPage,
            pageSize: data.pagination.pageSize,
            total: data.pagination.total,
            showSizeChanger: true,
            pageSizeOptions: [20, 30, 50],
            showQuickJumper: true,
            showTotal: (n) => `${n}`,
            onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
          }}
          columns={[
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
            {
              title: t('adm.state'),
              dataIndex: 'enabledMark',
              width: 70,
              render: (v: number) => <StateTag value={v} />,
            },
            {
              title: t('adm.action'),
              key: 'a',
              width: 320,
              render: (_: unknown, row: UserRow) => (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setResumeOf(row.id)}
                    data-testid="user-resume-btn"
                  >
                    {t('adm.resume')}
                  </Button>
                  {isAdmin && (
                    <Button type="link" size="small" onClick={() => setAdminOf(row)}>
                      {t('adm.orgAdmin')}
                    </Button>
                  )}
                  <PermButton perm={perm} code={BTN.edit} type="link" size="small" onClick={() => open(row)}>
                    {t('adm.edit')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code="btn_resetPassword"
                    type="link"
                    size="small"
                    onClick={() => {
                      pwForm.resetFields();
                      setResetFor(row);
                    }}
                  >
                    {t('adm.resetPassword')}
                  </PermButton>
                  {row.enabledMark === 2 ? (
                    <PermButton
                      perm={perm}
                      code="btn_unlock"
                      type="link"
                      size="small"
                      onClick={() =>
                        act(
                          http.put(
                            `/api/permission/Users/${row.id}/Actions/unlock`,
                            {},
                            { showSuccess: true },
                          ),
                        )
                      }
                    >
                      {t('adm.unlock')}
                    </PermButton>
                  ) : (
                    <PermButton
                      perm={perm}
                      code={BTN.state}
                      type="link"
                      size="small"
                      onClick={() =>
                        act(
                          http.put(
                            `/api/permission/Users/${row.id}/Actions/State`,
                            { enabledMark: row.enabledMark === 1 ? 0 : 1 },
                            { showSuccess: true },
                          ),
                        )
                      }
                    >
                      {row.enabledMark === 1 ? t('adm.disable') : t('adm.enable')}
                    </PermButton>
                  )}
                  <PermButton
                    perm={perm}
                    code={BTN.remove}
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(() =>
                        act(http.delete(`/api/permission/Users/${row.id}`, undefined, { showSuccess: true })),
                      )
                    }
                  >
                    {t('adm.remove')}
                  </PermButton>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <FormDialog<UserForm>
        open={!!editing}
        width={800}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="user-form"
      >
        {perm.form('account') && (
          <Form.Item
            name="account"
            label={t('adm.account')}
            rules={[
              { required: true, message: t('adm.required_', { name: t('adm.account') }) },
              { pattern: RULES.account, message: t('adm.accountRule') },
            ]}
          >
            <Input maxLength={50} disabled={!!editing?.id} data-testid="user-account" />
          </Form.Item>
        )}
        {perm.form('realName') && (
          <Form.Item
            name="realName"
            label={t('adm.realName')}
            rules={[{ required: true, message: t('adm.required_', { name: t('adm.realName') }) }]}
          >
            <Input maxLength={50} data-testid="user-realName" />
          </Form.Item>
        )}
        <Form.Item name="gender" label={t('adm.gender')}>
          <Radio.Group>
            <Radio value={1}>{t('adm.male')}</Radio>
            <Radio value={2}>{t('adm.female')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="organizeId"
          label={t('adm.organize')}
          rules={[{ required: true, message: t('adm.select_', { name: t('adm.organize') }) }]}
        >
          <TreeSelect
            treeData={orgTree}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="user-organize"
          />
        </Form.Item>
        <Form.Item name="positionIds" label={t('adm.position')}>
          <Select
            mode="multiple"
            options={positionOptions}
            optionFilterProp="label"
            data-testid="user-positions"
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('adm.role')}>
          <Select
            mode="multiple"
            options={roles.map((r) => ({ value: r.id, label: r.fullName }))}
            optionFilterProp="label"
            data-testid="user-roles"
          />
        </Form.Item>
        {perm.form('mobilePhone') && (
          <Form.Item
            name="mobilePhone"
            label={t('adm.mobilePhone')}
            rules={[{ pattern: RULES.phone, message: t('adm.phoneRule') }]}
          >
            <Input maxLength={11} />
          </Form.Item>
        )}
        {perm.form('email') && (
          <Form.Item
            name="email"
            label={t('adm.email')}
            rules={[{ pattern: RULES.email, message: t('adm.emailRule') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        )}
        {!editing?.id && (
          <Form.Item
            name="password"
            label={t('adm.password')}
            extra={t('adm.passwordHint')}
            rules={[{ pattern: RULES.password, message: t('adm.passwordRule') }]}
          >
            <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-password" />
          </Form.Item>
        )}
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormDialog>
      <FormDialog<{ password: string; confirm: string }>
        open={!!resetFor}
        title={`${t('adm.resetPassword')} - ${resetFor?.account ?? ''}`}
        form={pwForm}
        onSubmit={(v) =>
          http.post(
            `/api/permission/Users/${resetFor?.id}/Actions/ResetPassword`,
            { userPassword: md5(v.password), validatePassword: md5(v.confirm) },
            { showSuccess: true },
          )
        }
        onClose={() => setResetFor(null)}
      >
        <Form.Item
          name="password"
          label={t('adm.newPassword')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.newPassword') }) },
            { pattern: RULES.password, message: t('adm.passwordRule') },
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('adm.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('adm.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" />
        </Form.Item>
      </FormDialog>
      <ResumeDrawer userId={resumeOf} onClose={closeResume} />
      <OrgAdminDialog user={adminOf} onClose={closeAdmin} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onDone={reload} />
    </div>
  );
}

interface PreviewRow {
  [k: string]: unknown;
  errorsInfo?: string;
}
/** Excel import: template, upload, preview (rows with errorsInfo), import, export of the failed rows. */
function ImportDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{
    headerRow: { id: string; fullName: string }[];
    dataRow: PreviewRow[];
  } | null>(null);
  const [result, setResult] = useState<{ snum: number; fnum: number; failResult: PreviewRow[] } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setPreview(null);
    setResult(null);
    setError('');
  };
  const onFile = async (file: File) => {
    reset();
    setBusy(true);
    try {
      const up = await uploadFile(file, 'document');
      const r = await http.get<NonNullable<typeof preview>>('/api/permission/Users/ImportPreview', {
        fileId: up.fileId,
      });
      setPreview(r.data);
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
    return false;
  };
  const doImport = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const r = await http.post<{ snum: number; fnum: number; failResult: PreviewRow[] }>(
        '/api/permission/Users/ImportData',
        {
          list: preview.dataRow,
        },
      );
      setResult(r.data);
      onDone();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      width={900}
      title={t('adm.import')}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={null}
    >
      <div className="kp-adm-bar">
        <Button
          onClick={() => exportThen(() => http.get('/api/permission/Users/TemplateDownload')).catch(() => {})}
        >
          {t('adm.template')}
        </Button>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={onFile}>
          <Button loading={busy}>{t('adm.chooseFile')}</Button>
        </Upload>
        <span className="kp-adm-grow" />
        {preview && !result && (
          <Button type="primary" loading={busy} onClick={doImport}>
            {t('adm.importData')}
          </Button>
        )}
        {result && result.fnum > 0 && (
          <Button
            onClick={() =>
              exportThen(() =>
                http.post('/api/permission/Users/ExportExceptionData', { list: result.failResult }),
              ).catch(() => {})
            }
          >
            {t('adm.exportFailed')}
          </Button>
        )}
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      {result && (
        <Alert
          type={result.fnum ? 'warning' : 'success'}
          showIcon
          title={t('adm.importResult', { s: result.snum, f: result.fnum })}
        />
      )}
      {preview && (
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          dataSource={result ? result.failResult : preview.dataRow}
          pagination={{ pageSize: 20 }}
          scroll={{ x: true }}
          columns={[
            ...preview.headerRow.map((h) => ({
              title: h.fullName,
              dataIndex: h.id,
              render: (v: unknown) => String(v ?? ''),
            })),
            {
              title: '',
              dataIndex: 'errorsInfo',
              render: (v: string) => (v ? <span style={{ color: 'red' }}>{v}</span> : null),
            },
          ]}
        />
      )}
    </Modal>
  );
}
