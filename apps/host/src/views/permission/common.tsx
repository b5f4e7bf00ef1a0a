import { Alert, App, Button, type ButtonProps, Form, type FormInstance, Modal, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { formatTime } from '../../util/date';
import './i18n';
import type { PagePerm } from './usePerm';

export { useLoad } from '../../kit/useLoad';
export { BTN, usePerm } from './usePerm';

/** Field rules of spec 4 §5 used by the admin forms. */
export const RULES = {
  code: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/,
  numCode: /^\d+$/,
  account: /^[A-Za-z0-9]+$/,
  phone: /^1[3-9]\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  password: /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/,
};

/** The server's msg of a failed call (the client already toasted it), or the error text. */
export function errText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** A button shown only when the user holds its code on the current page. */
export function PermButton({ perm, code, ...rest }: ButtonProps & { perm: PagePerm; code: string }) {
  if (!perm.btn(code)) return null;
  return <Button data-perm={code} {...rest} />;
}

/** Asks 此操作将永久删除该数据, 是否继续？ then runs `action`. */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (action: () => Promise<unknown>) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('adm.deleteConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => action().catch(() => {}),
    });
}

export function StateTag({ value }: { value: number | undefined | null }) {
  const { t } = useTranslation();
  if (value === 2) return <Tag color="orange">{t('adm.locked')}</Tag>;
  return value === 1 ? (
    <Tag color="green">{t('adm.enabled')}</Tag>
  ) : (
    <Tag color="red">{t('adm.disabled')}</Tag>
  );
}

/**
 * A dialog with a form: `onSubmit` gets the validated values; a failed call keeps the dialog open and
 * shows the server's msg above the fields.
 */
export function FormDialog<T extends object>({
  open,
  title,
  form,
  initial,
  onSubmit,
  onClose,
  children,
  width,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<T>;
  initial?: Partial<T>;
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    setError('');
    form.resetFields();
    if (initial) form.setFieldsValue(initial as never);
  }, [open, initial, form]);
  const submit = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSubmit(values);
      onClose();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={width ?? 600}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'dialog-ok' } as ButtonProps}
      forceRender
    >
      <div data-testid={testId}>
        {error && (
          <Alert type="error" showIcon title={error} data-testid="form-error" style={{ marginBottom: 12 }} />
        )}
        <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
          {children}
        </Form>
      </div>
    </Modal>
  );
}

/** Tree nodes for antd Tree/TreeSelect from server trees ({id, fullName, children}). */
export interface ServerNode {
  id: string;
  fullName: string;
  children?: ServerNode[];
  [k: string]: unknown;
}
export function flatten<N extends { children?: N[] }>(list: N[]): N[] {
  const out: N[] = [];
  const walk = (l: N[]) => {
    for (const n of l) {
      out.push(n);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(list);
  return out;
}

/** Removes a node and its subtree (parent pickers must not offer the node being edited). */
export function withoutNode<N extends { id: string; children?: N[] }>(list: N[], id?: string): N[] {
  if (!id) return list;
  return list
    .filter((n) => n.id !== id)
    .map((n) => ({ ...n, children: n.children && withoutNode(n.children, id) }));
}

/** yyyy-MM-dd HH:mm in local time; empty for no value. */
export const fmtTime = (ms: number | null | undefined): string => formatTime(ms || null);
