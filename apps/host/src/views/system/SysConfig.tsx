import { Button, Card, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { errText } from '../permission/common';
import '../permission/admin.css';

interface SysConfigForm {
  sysName: string;
  sysVersion: string;
  copyright?: string;
  logoIcon?: string;
  navigationIcon?: string;
  loginIcon?: string;
  loginBackground?: string;
  enableVerificationCode?: number;
  passwordErrorsNumber?: number;
  lockTime?: number;
  tokenTimeout?: number;
  externalLinkHosts?: string[];
}

/** Icons: relative paths without `..`, or http(s) addresses (the server checks the same). */
const ICON = /^(?:https?:\/\/\S+|(?!.*\.\.)[\w\-./]*)$/;
/** An origin of the external-link allow-list (the server's SysConfigBody checks the same). */
const ORIGIN = /^https?:\/\/[^\s/?#@]+\/?$/;

/** System configuration (administrators): name, version, copyright, logos, login page and session settings. */
export default function SysConfig() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SysConfigForm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    http
      .get<SysConfigForm>('/api/system/SysConfig')
      .then((r) => form.setFieldsValue(r.data))
      .catch((e) => setError(errText(e)));
  }, [form]);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setError('');
    try {
      await http.put('/api/system/SysConfig', { ...v }, { showSuccess: true });
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  const icon = [{ pattern: ICON, message: t('adm.url') }];
  return (
    <div className="kp-adm" data-testid="page-sysConfig">
      <div className="kp-adm-main">
        <Card title={t('adm.sysConfig')} variant="borderless">
          {error && <div style={{ color: 'red', marginBottom: 8 }}>{error}</div>}
          <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 12 }}>
            <Form.Item
              name="sysName"
              label={t('adm.sysName')}
              rules={[{ required: true, message: t('adm.required_', { name: t('adm.sysName') }) }]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="sysVersion"
              label={t('adm.sysVersion')}
              rules={[{ required: true, message: t('adm.required_', { name: t('adm.sysVersion') }) }]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="copyright" label={t('adm.copyright')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="logoIcon" label={t('adm.logoIcon')} rules={icon}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="loginIcon" label={t('adm.loginIcon')} rules={icon}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="loginBackground" label={t('adm.loginBackground')} rules={icon}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="enableVerificationCode" label={t('adm.enableVerificationCode')}>
              <Radio.Group>
                <Radio value={1}>{t('adm.enabled')}</Radio>
                <Radio value={0}>{t('adm.disabled')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="passwordErrorsNumber" label={t('adm.passwordErrorsNumber')}>
              <InputNumber min={1} max={100} />
            </Form.Item>
            <Form.Item name="lockTime" label={t('adm.lockTime')}>
              <InputNumber min={0} max={10080} />
            </Form.Item>
            <Form.Item name="tokenTimeout" label={t('adm.tokenTimeout')}>
              <InputNumber min={5} max={43200} />
            </Form.Item>
            <Form.Item
              name="externalLinkHosts"
              label={t('adm.externalLinkHosts')}
              extra={t('adm.externalLinkHostsHelp')}
              rules={[
                {
                  validator: async (_, v?: string[]) => {
                    if ((v ?? []).some((h) => !ORIGIN.test(h))) throw new Error(t('adm.originFormat'));
                  },
                },
              ]}
            >
              <Select
                mode="tags"
                open={false}
                suffixIcon={null}
                tokenSeparators={[',', ' ']}
                data-testid="sysconfig-link-hosts"
              />
            </Form.Item>
            <Form.Item wrapperCol={{ sm: { span: 12, offset: 5 } }}>
              <Button type="primary" loading={busy} onClick={save} data-testid="sysconfig-save">
                {t('common.save')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </div>
    </div>
  );
}
