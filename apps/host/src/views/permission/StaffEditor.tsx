import { STAFF_LIST_SECTIONS, STAFF_SECTION_SCHEMAS, type StaffSection } from '@kp/schema';
import { Button, Col, Form, Input, Modal, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';

type Entry = Record<string, string | number | null>;
interface FieldSpec {
  key: string;
  kind: 'text' | 'long' | 'date' | 'gender';
  max: number;
}

/** The fields of a staff section (or of one entry of a list section), read from its schema in @kp/schema. */
export function sectionFields(section: StaffSection): FieldSpec[] {
  const schema = STAFF_SECTION_SCHEMAS[section] as unknown as {
    properties: Record<string, unknown>;
  };
  const props = STAFF_LIST_SECTIONS.includes(section)
    ? (schema.properties.list as { items: { properties: Record<string, unknown> } }).items.properties
    : schema.properties;
  return Object.entries(props).map(([key, raw]) => {
    const variants = (raw as { anyOf?: Array<{ type?: string; maxLength?: number }> }).anyOf ?? [];
    const str = variants.find((v) => v.type === 'string');
    const max = str?.maxLength ?? 200;
    if (key === 'gender') return { key, kind: 'gender', max };
    if (/Date$|^birthday$|^valid(From|To)$/.test(key)) return { key, kind: 'date', max };
    return { key, kind: max >= 2000 ? 'long' : 'text', max };
  });
}

/** Empty texts become null (the server stores null for a cleared field). */
export function cleanEntry(e: Record<string, unknown>): Entry {
  const out: Entry = {};
  for (const [k, v] of Object.entries(e ?? {})) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v as number | null);
  }
  return out;
}

const DATE_RULE = { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' };

function FieldInput({ spec, name }: { spec: FieldSpec; name: (string | number)[] }) {
  const { t } = useTranslation();
  const label = t(`adm.f_${spec.key}`);
  if (spec.kind === 'gender')
    return (
      <Form.Item name={name} label={label}>
        <Select
          allowClear
          options={[
            { value: 1, label: t('adm.male') },
            { value: 2, label: t('adm.female') },
          ]}
        />
      </Form.Item>
    );
  return (
    <Form.Item name={name} label={label} rules={spec.kind === 'date' ? [DATE_RULE] : [{ max: spec.max }]}>
      {spec.kind === 'long' ? (
        <Input.TextArea rows={2} maxLength={spec.max} data-testid={`staff-${spec.key}`} />
      ) : (
        <Input
          maxLength={spec.max}
          placeholder={spec.kind === 'date' ? 'YYYY-MM-DD' : undefined}
          data-testid={`staff-${spec.key}`}
        />
      )}
    </Form.Item>
  );
}

/**
 * Edits one staff-record section of a user (GET/PUT /api/permission/Users/staff/{section}/{id}); list
 * sections (education, work, training, certificates) edit their entries. The server checks phones, e-mail
 * and ID numbers; its msg shows and the dialog keeps what was typed.
 */
export function StaffEditor({
  userId,
  section,
  onClose,
}: {
  userId: string;
  section: StaffSection;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const isList = STAFF_LIST_SECTIONS.includes(section);
  const fields = sectionFields(section);

  useEffect(() => {
    http
      .get<Record<string, unknown>>(`/api/permission/Users/staff/${section}/${userId}`)
      .then((r) => {
        form.setFieldsValue(isList ? { list: (r.data as { list?: unknown[] }).list ?? [] } : r.data);
        setLoaded(true);
      })
      .catch(() => onClose(false));
  }, [form, isList, onClose, section, userId]);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = isList
      ? { list: ((v.list ?? []) as Record<string, unknown>[]).map(cleanEntry) }
      : cleanEntry(v as Record<string, unknown>);
    setSaving(true);
    setError('');
    try {
      await http.put(`/api/permission/Users/staff/${section}/${userId}`, body, {
        showSuccess: true,
        silent: true,
      });
      onClose(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={`${t('adm.staffEdit')} · ${t(`adm.staff_${section}`)}`}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      okText={t('common.save')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !loaded, 'data-testid': 'staff-save' } as never}
      maskClosable={false}
      destroyOnHidden
    >
      {error && (
        <div className="kp-adm-error" role="alert" style={{ color: '#ff4d4f', marginBottom: 8 }}>
          {error}
        </div>
      )}
      <Form form={form} layout="vertical" data-testid="staff-form">
        {isList ? (
          <Form.List name="list">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <div key={item.key} style={{ border: '1px solid #f0f0f0', padding: 8, marginBottom: 8 }}>
                    <Row gutter={8}>
                      {fields.map((f) => (
                        <Col key={f.key} span={f.kind === 'long' ? 24 : 8}>
                          <FieldInput spec={f} name={[item.name, f.key]} />
                        </Col>
                      ))}
                    </Row>
                    <Button size="small" danger onClick={() => remove(item.name)}>
                      {t('adm.remove')}
                    </Button>
                  </div>
                ))}
                <Space>
                  <Button
                    onClick={() => add({})}
                    data-testid="staff-add-entry"
                    disabled={items.length >= 200}
                  >
                    {t('adm.addEntry')}
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
        ) : (
          <Row gutter={12}>
            {fields.map((f) => (
              <Col key={f.key} span={f.kind === 'long' ? 24 : 12}>
                <FieldInput spec={f} name={[f.key]} />
              </Col>
            ))}
          </Row>
        )}
      </Form>
    </Modal>
  );
}
