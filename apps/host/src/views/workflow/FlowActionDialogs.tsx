import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { WF_NS } from './i18n';
import { APPROVE_DIALOG_WIDTH, type ApprovalKind, checkApproval, checkReason } from './model';
import { OrgUserSelect } from './OrgUserSelect';
import { SignaturePad } from './SignaturePad';

/** The approve/reject dialog, 600 px: opinion (required for reject), signature, cc and added signer. */
export function ApproveDialog(props: {
  kind: ApprovalKind | null;
  hasSign: boolean;
  freeApprover: boolean;
  customCopy: boolean;
  /** Keeps the opinion being written in this browser until it is sent, under this name (the operator task). */
  keepAs?: string;
  onCancel(): void;
  onSubmit(v: {
    opinion: string;
    signImg: string | null;
    copyIds?: string[];
    freeApprover?: string;
  }): Promise<void>;
}) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [opinion, setOpinion] = useState('');
  const [signImg, setSignImg] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [freeApprover, setFreeApprover] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  /** The kind the fields were last cleared for: the kept opinion's baseline is taken only after the clearing. */
  const [clearedFor, setClearedFor] = useState<ApprovalKind | null>(null);
  useEffect(() => {
    if (props.kind) {
      setOpinion('');
      setSignImg(null);
      setCopyIds([]);
      setFreeApprover(undefined);
      setLoading(false);
    }
    setClearedFor(props.kind);
  }, [props.kind]);
  // the opinion (not the signature, drawn anew each time) survives an ended session or a reload
  const unsent = useUnsentInput({
    scope: props.kind && props.keepAs ? `opinion:${props.keepAs}:${props.kind}` : null,
    ready: !!props.kind && clearedFor === props.kind,
    read: () => ({ opinion }),
    write: (d) => setOpinion(String(d.opinion ?? '')),
  });
  const { onChange: typed } = unsent;
  useEffect(() => typed({ opinion }), [opinion, typed]);
  return (
    <Modal
      open={!!props.kind}
      width={APPROVE_DIALOG_WIDTH}
      title={props.kind === 'reject' ? t('dlg.reject') : t('dlg.approve')}
      onCancel={() => void unsent.confirmClose().then((ok) => ok && props.onCancel())}
      okText={t('btn.confirm')}
      cancelText={t('btn.cancel')}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-approve-ok' } as never}
      onOk={async () => {
        const err = props.kind && checkApproval(props.kind, { opinion, hasSign: props.hasSign, signImg });
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit({ opinion, signImg, copyIds, freeApprover });
          unsent.settle();
        } catch {
          setLoading(false);
        }
      }}
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      <Form layout="vertical">
        <Form.Item label={t('dlg.opinion')} required={props.kind === 'reject'}>
          <Input.TextArea
            data-testid="wf-opinion"
            rows={4}
            value={opinion}
            placeholder={t('dlg.opinionPlaceholder')}
            onChange={(e) => setOpinion(e.target.value)}
          />
        </Form.Item>
        {props.freeApprover && props.kind === 'audit' && (
          <Form.Item label={t('dlg.freeApprover')}>
            <OrgUserSelect
              testId="wf-free-approver"
              title={t('dlg.freeApprover')}
              value={freeApprover ? [freeApprover] : []}
              onChange={(ids) => setFreeApprover(ids[0])}
            />
          </Form.Item>
        )}
        {props.customCopy && (
          <Form.Item label={t('dlg.copyTo')}>
            <OrgUserSelect
              multiple
              testId="wf-copy-to"
              title={t('dlg.copyTo')}
              value={copyIds}
              onChange={setCopyIds}
            />
          </Form.Item>
        )}
        <Form.Item label={t('record.sign')} required={props.hasSign}>
          <Space direction="vertical">
            {signImg && (
              <img
                data-testid="wf-sign-preview"
                alt={t('record.sign')}
                src={signImg}
                style={{ height: 80, border: '1px solid #eee' }}
              />
            )}
            <Button data-testid="wf-sign-open" onClick={() => setPadOpen(true)}>
              {t('btn.sign')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <SignaturePad
        open={padOpen}
        onCancel={() => setPadOpen(false)}
        onConfirm={(d) => {
          setSignImg(d);
          setPadOpen(false);
        }}
      />
    </Modal>
  );
}

export function ReasonDialog(props: {
  kind: 'withdraw' | 'recall' | 'terminate' | null;
  onCancel(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (props.kind) {
      setReason('');
      setLoading(false);
    }
  }, [props.kind]);
  return (
    <Modal
      open={!!props.kind}
      title={
        props.kind === 'terminate'
          ? t('msg.terminateTitle')
          : props.kind === 'recall'
            ? t('btn.withdraw')
            : t('btn.withdraw')
      }
      onCancel={props.onCancel}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-reason-ok' } as never}
      onOk={async () => {
        const err = props.kind && checkReason(props.kind, reason);
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit(reason.trim());
        } catch {
          setLoading(false);
        }
      }}
    >
      <Input.TextArea
        data-testid="wf-reason"
        rows={3}
        value={reason}
        placeholder={t('dlg.reason')}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
