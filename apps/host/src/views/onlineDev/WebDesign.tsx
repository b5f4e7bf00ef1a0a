import { checkFormForSave, type DesignerFormConfig, emptyForm, FormDesigner } from '@kp/designer';
import type { FormConfig, MenuEntry, VisualDevColumnData } from '@kp/schema';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Steps,
  Table,
  Tag,
  TreeSelect,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { httpFormProviders } from '../../services/formProviders';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { usePerm } from '../permission/usePerm';
import { api, type ItemSummary } from './api';
import { ColumnDesign } from './ColumnDesign';
import { CODE_RE, defaultColumnData, mainFieldsOf, syncColumnData } from './model';
import { tx } from './texts';

interface Draft {
  id?: string;
  fullName: string;
  enCode: string;
  webType: 1 | 2;
  sortCode: number;
  description: string;
  formData: FormConfig;
  columnData: VisualDevColumnData | null;
}

const stateTag = (s: number) =>
  s === 1 ? (
    <Tag color="success">{tx('released')}</Tag>
  ) : s === 2 ? (
    <Tag color="warning">{tx('changed')}</Tag>
  ) : (
    <Tag>{tx('unreleased')}</Tag>
  );

/** 功能设计: the items of online development — list, design (basics, form, list), copy, release, delete. */
export default function WebDesign() {
  const { modal } = App.useApp();
  const perm = usePerm();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [rows, setRows] = useState<ItemSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [releasing, setReleasing] = useState<ItemSummary | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const d = await api.items({ keyword: keyword || undefined, ...page });
      setRows(d.list);
      setTotal(d.pagination.total);
    } catch {
      /* toasted by the client */
    } finally {
      setLoading(false);
    }
  }, [keyword, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const openEditor = async (id?: string) => {
    if (!id) {
      setDraft({
        fullName: '',
        enCode: '',
        webType: 2,
        sortCode: 0,
        description: '',
        formData: emptyForm() as FormConfig,
        columnData: null,
      });
      return;
    }
    const it = await api.item(id);
    setDraft({
      id,
      fullName: it.fullName,
      enCode: it.enCode,
      webType: it.webType === 1 ? 1 : 2,
      sortCode: it.sortCode,
      description: it.description ?? '',
      formData: it.formData,
      columnData: it.columnData,
    });
  };

  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: tx('actions'),
      content,
      onOk: async () => {
        await run();
        await load();
      },
    });

  const columns = [
    { title: tx('name'), dataIndex: 'fullName', key: 'fullName' },
    { title: tx('code'), dataIndex: 'enCode', key: 'enCode' },
    {
      title: tx('kind'),
      key: 'webType',
      render: (_: unknown, r: ItemSummary) => (r.webType === 1 ? tx('formOnly') : tx('listForm')),
    },
    { title: tx('state'), key: 'state', render: (_: unknown, r: ItemSummary) => stateTag(r.state) },
    {
      title: tx('time'),
      key: 'time',
      render: (_: unknown, r: ItemSummary) => {
        const t = r.lastModifyTime ?? r.creatorTime;
        return t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '';
      },
    },
    {
      title: tx('actions'),
      key: 'actions',
      render: (_: unknown, r: ItemSummary) => (
        <Space size="small">
          {perm.btn('btn_edit') && (
            <Button
              type="link"
              size="small"
              data-testid={`design-${r.enCode}`}
              onClick={() => void openEditor(r.id)}
            >
              {tx('designIt')}
            </Button>
          )}
          {perm.btn('btn_release') && (
            <Button
              type="link"
              size="small"
              data-testid={`release-${r.enCode}`}
              onClick={() => setReleasing(r)}
            >
              {tx('release')}
            </Button>
          )}
          {perm.btn('btn_copy') && (
            <Button type="link" size="small" onClick={() => void api.copy(r.id).then(load)}>
              {tx('copy')}
            </Button>
          )}
          {perm.btn('btn_remove') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirm(tx('confirmDelete'), () => api.remove(r.id))}
            >
              {tx('remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="kp-page" data-testid="page-webDesign" style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={tx('keyword')}
          onSearch={(v) => {
            setKeyword(v);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          style={{ width: 240 }}
        />
        {perm.btn('btn_add') && (
          <Button type="primary" data-testid="webdesign-add" onClick={() => void openEditor()}>
            {tx('add')}
          </Button>
        )}
      </Space>
      <Table<ItemSummary>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [20, 30, 50],
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
      {releasing && (
        <ReleaseDialog
          item={releasing}
          onClose={(done) => {
            setReleasing(null);
            if (done) void load();
          }}
        />
      )}
      {draft && (
        <DesignEditor
          draft={draft}
          onClose={(saved) => {
            setDraft(null);
            if (saved) void load();
          }}
        />
      )}
    </div>
  );
}

type DirNode = { value: string; title: string; children?: DirNode[] };
const menuName = (v: MenuEntry['fullName'], lang: string): string =>
  typeof v === 'string' ? v : ((v as Record<string, string>)[lang] ?? (v as Record<string, string>).zh ?? '');
/** The directories (type 1) of the menu tree, for the release's parent menu. */
function directories(list: MenuEntry[], lang: string): DirNode[] {
  return list
    .filter((m) => m.type === 1)
    .map((m) => {
      const kids = directories(m.children ?? [], lang);
      return { value: m.id, title: menuName(m.fullName, lang), ...(kids.length ? { children: kids } : {}) };
    });
}

/** Release: asks, and lets the administrator choose the parent menu (a directory; default 在线开发). */
function ReleaseDialog({ item, onClose }: { item: ItemSummary; onClose: (done: boolean) => void }) {
  const { i18n } = useTranslation();
  const menus = useStore(sessionStore, (st) => st.menuList);
  const dirs = useMemo(() => directories(menus, i18n.language), [menus, i18n.language]);
  const [parent, setParent] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${tx('release')} ${item.fullName}`}
      okText={tx('release')}
      cancelText={tx('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'release-ok' } as Record<string, string>}
      onCancel={() => onClose(false)}
      onOk={async () => {
        setBusy(true);
        try {
          await api.release(item.id, parent);
          onClose(true);
        } catch {
          setBusy(false);
        }
      }}
    >
      <p>{tx('confirmRelease')}</p>
      <Form layout="vertical">
        <Form.Item label={tx('releaseParent')} htmlFor="release-parent">
          <TreeSelect
            id="release-parent"
            data-testid="release-parent"
            allowClear
            treeDefaultExpandAll
            placeholder={tx('releaseParentDefault')}
            treeData={dirs}
            value={parent}
            onChange={(v) => setParent(v ?? undefined)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The design dialog: basics, then the form designer, then the list. Saves only when every step is valid. */
function DesignEditor({ draft, onClose }: { draft: Draft; onClose: (saved: boolean) => void }) {
  const [step, setStep] = useState(0);
  const [form] = Form.useForm<Pick<Draft, 'fullName' | 'enCode' | 'webType' | 'sortCode' | 'description'>>();
  const [formData, setFormData] = useState<FormConfig>(draft.formData);
  const fields = useMemo(() => mainFieldsOf(formData), [formData]);
  const [columnData, setColumnData] = useState<VisualDevColumnData | null>(draft.columnData);
  const [saving, setSaving] = useState(false);
  // The canvas and the preview draw real controls: pickers read the organisation from the server.
  const providers = useMemo(() => httpFormProviders(), []);
  // 打印模板 is picked from the print designs by name, never pasted as an id.
  const [printTemplates, setPrintTemplates] = useState<Array<{ id: string; fullName: string }>>([]);
  useEffect(() => {
    api.printTemplates().then(setPrintTemplates, () => setPrintTemplates([]));
  }, []);
  const cols = useMemo(
    () => (columnData ? syncColumnData(columnData, fields) : defaultColumnData(fields)),
    [columnData, fields],
  );

  // The design (basics, form, list) is kept in this browser until it is saved (spec 3 §4: saved locally),
  // offered back when the same designer opens the same item again; closing with changes asks first.
  const drawing = useRef({ formData, columnData });
  drawing.current = { formData, columnData };
  const unsent = useUnsentInput({
    scope: `webDesign:${draft.id ?? 'new'}`,
    ready: true,
    read: () => ({ base: form.getFieldsValue(true), ...drawing.current }),
    write: (d) => {
      form.setFieldsValue(d.base as Parameters<typeof form.setFieldsValue>[0]);
      setFormData(d.formData as FormConfig);
      setColumnData((d.columnData as VisualDevColumnData | null) ?? null);
    },
  });
  const { onChange: drawn } = unsent;
  useEffect(() => {
    drawn({ base: form.getFieldsValue(true), formData, columnData });
  }, [formData, columnData, form, drawn]);
  const close = () => void unsent.confirmClose().then((ok) => ok && onClose(false));

  const { message } = App.useApp();
  const { i18n } = useTranslation();
  /** The designer's save checks (spec 3 §5) with the spec's texts; the first problem is shown on the form step. */
  const formIsSavable = () => {
    const lang = i18n.language === 'en' ? 'en' : i18n.language === 'zhtw' ? 'zhtw' : 'zh';
    const problems = checkFormForSave(formData as unknown as DesignerFormConfig, { lang });
    if (!problems.length) return true;
    setStep(1);
    void message.warning(problems[0]?.message);
    return false;
  };

  const save = async () => {
    const base = await form.validateFields().catch(() => null);
    if (!base) {
      setStep(0);
      return;
    }
    if (!formIsSavable()) return;
    setSaving(true);
    try {
      const body = { ...base, formData, columnData: cols };
      if (draft.id) await api.update(draft.id, body);
      else await api.create(body);
      unsent.settle();
      onClose(true);
    } catch {
      /* the server's msg was toasted; the dialog stays open with everything typed */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width="96vw"
      style={{ top: 12 }}
      title={draft.id ? `${tx('designIt')} · ${draft.fullName}` : tx('add')}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{tx('cancel')}</Button>
          <Button disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            {tx('prev')}
          </Button>
          <Button
            disabled={step === 2}
            data-testid="webdesign-next"
            onClick={async () => {
              if (step === 0 && !(await form.validateFields().catch(() => null))) return;
              if (step === 1 && !formIsSavable()) return;
              setStep((s) => s + 1);
            }}
          >
            {tx('next')}
          </Button>
          <Button type="primary" loading={saving} data-testid="webdesign-save" onClick={() => void save()}>
            {tx('save')}
          </Button>
        </Space>
      }
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      <Steps
        size="small"
        current={step}
        onChange={setStep}
        items={[{ title: tx('base') }, { title: tx('formDesign') }, { title: tx('listDesign') }]}
        style={{ marginBottom: 16 }}
      />
      <div style={{ display: step === 0 ? 'block' : 'none', maxWidth: 560 }}>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          onValuesChange={() => drawn({ base: form.getFieldsValue(true), ...drawing.current })}
          initialValues={{
            fullName: draft.fullName,
            enCode: draft.enCode,
            webType: draft.webType,
            sortCode: draft.sortCode,
            description: draft.description,
          }}
        >
          <Form.Item
            name="fullName"
            label={tx('name')}
            rules={[{ required: true, message: tx('nameRequired') }, { max: 100 }]}
          >
            <Input data-testid="webdesign-name" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={tx('code')}
            rules={[
              { required: true, message: tx('codeRequired') },
              { pattern: CODE_RE, message: tx('codeRule') },
            ]}
          >
            <Input data-testid="webdesign-code" maxLength={50} />
          </Form.Item>
          <Form.Item name="webType" label={tx('kind')}>
            <Radio.Group
              options={[
                { value: 2, label: tx('listForm') },
                { value: 1, label: tx('formOnly') },
              ]}
            />
          </Form.Item>
          <Form.Item name="sortCode" label={tx('sortCode')}>
            <InputNumber min={0} max={999999} />
          </Form.Item>
          <Form.Item name="description" label={tx('description')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </div>
      {step === 1 && (
        <div data-testid="webdesign-form" style={{ height: 'calc(100vh - 230px)' }}>
          <FormDesigner
            value={formData as unknown as DesignerFormConfig}
            onChange={(c) => setFormData(c as unknown as FormConfig)}
            providers={providers}
            printTemplates={printTemplates}
            height="100%"
          />
        </div>
      )}
      {step === 2 && (
        <div data-testid="webdesign-list">
          {fields.length ? (
            <ColumnDesign fields={fields} value={cols} onChange={setColumnData} />
          ) : (
            tx('noFields')
          )}
        </div>
      )}
    </Modal>
  );
}
