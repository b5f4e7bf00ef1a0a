import {
  type DesignerFormConfig,
  emptyForm,
  FlowDesigner,
  type FlowDesignerOptions,
  type FlowDesignerProps,
  FormDesigner,
  formFieldsOf,
} from '@kp/designer';
import { createTree } from '@kp/flow';
import type { FlowNode, Language } from '@kp/schema';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../api/http';
import { currentLanguage } from '../../i18n';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { usePerm } from '../permission/usePerm';
import { type TemplateRow, WF, wfApi } from './api';
import { KeywordForm, useFlowList } from './FlowList';
import { WF_NS } from './i18n';
import { wfOrgProvider, wfProviders } from './providers';
import { fmtTime } from './util';

/**
 * A new flow's start node, titled 发起人 in every language as @kp/flow titles every new node (the box's
 * summary, 所有人 while no initiator is set, is the designer's own).
 */
const newStart = (): FlowNode => {
  const start = createTree();
  return { ...start, properties: { ...start.properties, initiator: [], initiatePos: [], initiateRole: [] } };
};

/**
 * Flow design list (templates: search, new, edit in the designer, copy, release, stop, export, delete); each
 * action shows with its button of the page (btn_add, btn_edit, btn_copy, btn_release, btn_export, btn_remove),
 * the one the server checks.
 */
export default function FlowEngine() {
  const { t } = useTranslation(WF_NS);
  const perm = usePerm();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<TemplateRow | 'new' | null>(null);
  const { setQuery, reload: load, rows, pagination } = useFlowList(wfApi.templates);
  const run = (p: Promise<unknown>) => p.then(load).catch(() => {});
  return (
    <Card
      title={t('title.engine')}
      data-testid="wf-engine"
      extra={
        perm.btn('btn_add') && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('btn.add')}
          </Button>
        )
      }
    >
      <KeywordForm
        keyword={keyword}
        onKeyword={setKeyword}
        onSearch={() => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))}
      />
      <Table<TemplateRow>
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={pagination}
        columns={[
          { title: t('col.fullName'), dataIndex: 'fullName' },
          { title: t('col.enCode'), dataIndex: 'enCode', width: 140 },
          { title: t('col.category'), dataIndex: 'category', width: 100 },
          { title: t('col.version'), dataIndex: 'version', width: 70 },
          {
            title: t('col.enabled'),
            dataIndex: 'enabledMark',
            width: 90,
            render: (v: number) =>
              v === 1 ? <Tag color="success">{t('btn.release')}</Tag> : <Tag>{t('btn.stop')}</Tag>,
          },
          {
            title: t('col.creatorTime'),
            dataIndex: 'creatorTime',
            width: 160,
            render: (v: number) => fmtTime(v),
          },
          {
            title: t('col.action'),
            width: 330,
            render: (_: unknown, r) => (
              <Space size={2} wrap>
                {perm.btn('btn_edit') && (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('btn.design')}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`/previewModel?id=${encodeURIComponent(r.id)}`)}
                >
                  {t('dlg.preview')}
                </Button>
                {perm.btn('btn_copy') && (
                  <Button type="link" size="small" onClick={() => run(wfApi.copyTemplate(r.id))}>
                    {t('btn.copy')}
                  </Button>
                )}
                {!perm.btn('btn_release') ? null : r.enabledMark === 1 ? (
                  <Button type="link" size="small" onClick={() => run(wfApi.stop(r.id))}>
                    {t('btn.stop')}
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => run(wfApi.release(r.id))}>
                    {t('btn.release')}
                  </Button>
                )}
                {perm.btn('btn_export') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => {
                      const data = await wfApi.exportTemplate(r.id).catch(() => null);
                      if (!data) return;
                      const a = document.createElement('a');
                      a.href = URL.createObjectURL(
                        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
                      );
                      a.download = `${r.fullName}.json`;
                      a.click();
                    }}
                  >
                    {t('btn.export')}
                  </Button>
                )}
                {perm.btn('btn_remove') && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={async () => {
                      if (await modal.confirm({ title: t('msg.tip'), content: t('msg.deleteConfirm') }))
                        run(wfApi.deleteTemplate(r.id));
                    }}
                  >
                    {t('btn.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <TemplateEditor
          row={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) load();
          }}
        />
      )}
    </Card>
  );
}

const orgProvider = wfOrgProvider();

/** The designer page: basics, the form designer and the flow designer; save creates or updates the template. */
function TemplateEditor(props: { row: TemplateRow | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation(WF_NS);
  const lang = currentLanguage() as Language;
  const [base] = Form.useForm();
  const [full, setFull] = useState<TemplateRow | null>(null);
  const [formCfg, setFormCfg] = useState<DesignerFormConfig | null>(null);
  const [tree, setTree] = useState<FlowNode | null>(null);
  const [busy, setBusy] = useState(false);
  const [flows, setFlows] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    wfApi
      .templates({ keyword: '', currentPage: 1, pageSize: 500 })
      .then((p) => setFlows(p.list.map((r) => ({ value: r.id, label: r.fullName }))))
      .catch(() => {});
  }, []);
  // the flow designer picks people, departments, positions and roles by id from the organisation and
  // conditions from this form's own fields (with their types and options)
  const flowOptions = useMemo<FlowDesignerOptions>(
    () => ({
      org: orgProvider,
      formFields: formCfg ? formFieldsOf(formCfg, lang) : [],
      flows: flows.filter((f) => f.value !== props.row?.id),
    }),
    [formCfg, lang, flows, props.row?.id],
  );
  useEffect(() => {
    if (!props.row) {
      setFull({ id: '', enCode: '', fullName: '', category: '' });
      setFormCfg(emptyForm());
      setTree(newStart());
      return;
    }
    void wfApi
      .template(props.row.id)
      .then((r) => {
        setFull(r);
        setFormCfg((r.formData as unknown as DesignerFormConfig | null) ?? emptyForm());
        setTree(r.flowTemplateJson ?? newStart());
        base.setFieldsValue(r);
      })
      .catch(() => props.onClose(false));
  }, [props.row, base, props.onClose]);
  // The drawing (name, form and flow) is kept in this browser until it is saved (spec 3 §4: saved locally),
  // offered back when the same designer opens the same flow again; closing with changes asks first.
  const drawing = useRef({ formCfg, tree });
  drawing.current = { formCfg, tree };
  const unsent = useUnsentInput({
    scope: full ? `flowDesign:${props.row?.id ?? 'new'}` : null,
    ready: !!(full && formCfg && tree),
    read: () => ({ base: base.getFieldsValue(true), ...drawing.current }),
    write: (d) => {
      base.setFieldsValue(d.base);
      setFormCfg(d.formCfg as DesignerFormConfig);
      setTree(d.tree as FlowNode);
    },
  });
  const { onChange: drawn } = unsent;
  useEffect(() => {
    if (formCfg && tree) drawn({ base: base.getFieldsValue(true), formCfg, tree });
  }, [formCfg, tree, base, drawn]);
  const close = () => void unsent.confirmClose().then((ok) => ok && props.onClose(false));
  // the Simulate panel: the server's organisation, this form, and the cases stored with a saved flow
  type Sim = NonNullable<FlowDesignerProps['simulator']>;
  const rowId = props.row?.id;
  const simulator = useMemo<Sim>(
    () => ({
      loadOrg: async () =>
        (await http.get<Awaited<ReturnType<Sim['loadOrg']>>>(`${WF}/FlowEngine/Simulate/Org`)).data,
      form: (formCfg as unknown as Sim['form']) ?? null,
      providers: wfProviders() as Sim['providers'],
      properties: (full?.propertyJson ?? {}) as Sim['properties'],
      ...(rowId
        ? {
            loadCases: async () =>
              (
                await http.get<Awaited<ReturnType<NonNullable<Sim['loadCases']>>>>(
                  `${WF}/FlowEngine/${encodeURIComponent(rowId)}/SimCases`,
                )
              ).data,
            saveCases: async (cases) => {
              await http.put(`${WF}/FlowEngine/${encodeURIComponent(rowId)}/SimCases`, { cases });
            },
          }
        : {}),
    }),
    [formCfg, full?.propertyJson, rowId],
  );
  const save = async () => {
    const v = await base.validateFields();
    setBusy(true);
    const body = {
      ...v,
      formType: 1,
      formData: formCfg,
      flowTemplateJson: tree,
      propertyJson: full?.propertyJson ?? {},
    };
    try {
      if (props.row) await wfApi.updateTemplate(props.row.id, body);
      else await wfApi.createTemplate(body);
      unsent.settle();
      props.onClose(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width="100vw"
      style={{ top: 0, maxWidth: '100vw' }}
      title={props.row?.fullName ?? t('btn.add')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('btn.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} disabled={!full}>
            {t('btn.save')}
          </Button>
        </Space>
      }
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      {full && formCfg && tree && (
        <Tabs
          items={[
            {
              key: 'basic',
              label: t('dlg.basic'),
              forceRender: true,
              children: (
                <Form
                  form={base}
                  layout="vertical"
                  style={{ maxWidth: 600 }}
                  initialValues={full}
                  onValuesChange={() => drawn({ base: base.getFieldsValue(true), ...drawing.current })}
                >
                  <Form.Item name="fullName" label={t('col.fullName')} rules={[{ required: true }]}>
                    <Input maxLength={200} />
                  </Form.Item>
                  {/* the name in the other languages (zh is the title above); lists show the user's */}
                  <Form.Item name={['fullNameI18n', 'zhtw']} label={t('col.nameZhtw')}>
                    <Input maxLength={200} data-testid="wf-name-zhtw" />
                  </Form.Item>
                  <Form.Item name={['fullNameI18n', 'en']} label={t('col.nameEn')}>
                    <Input maxLength={200} data-testid="wf-name-en" />
                  </Form.Item>
                  <Form.Item name="enCode" label={t('col.enCode')} rules={[{ required: true }]}>
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="category" label={t('col.category')}>
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="sortCode" label={t('col.sortCode')}>
                    <InputNumber />
                  </Form.Item>
                </Form>
              ),
            },
            {
              key: 'form',
              label: t('dlg.formDesign'),
              children: (
                <FormDesigner
                  value={formCfg}
                  onChange={setFormCfg}
                  language={lang}
                  height="calc(100vh - 220px)"
                />
              ),
            },
            {
              key: 'flow',
              label: t('dlg.flowDesign'),
              children: (
                <FlowDesigner
                  value={tree}
                  onChange={setTree}
                  options={flowOptions}
                  language={lang}
                  height="calc(100vh - 220px)"
                  simulator={simulator}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
