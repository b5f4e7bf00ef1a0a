import { Button, Card, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { certificateStep } from './scanApi';

type Phase = 'scanning' | 'ask' | 'confirmed' | 'cancelled' | 'failed';

/** /scanLogin?id=…: opened on a signed-in phone from the login page's QR code; confirms the sign-in. */
export default function ScanConfirm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [phase, setPhase] = useState<Phase>('scanning');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = t('scanLogin.title');
    if (!id) {
      setPhase('failed');
      return;
    }
    certificateStep(id, 'Scan')
      .then(() => setPhase('ask'))
      .catch((e: Error) => {
        setError(e.message);
        setPhase('failed');
      });
  }, [id, t]);

  const act = async (step: 'Confirm' | 'Cancel') => {
    setBusy(true);
    try {
      await certificateStep(id, step);
      setPhase(step === 'Confirm' ? 'confirmed' : 'cancelled');
    } catch (e) {
      setError((e as Error).message);
      setPhase('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kp-scan-confirm">
      <Card style={{ maxWidth: 420, margin: '48px auto' }}>
        {phase === 'scanning' && <Spin />}
        {phase === 'ask' && (
          <Result
            status="info"
            title={t('scanLogin.question')}
            subTitle={t('scanLogin.hint')}
            extra={
              <Space>
                <Button
                  type="primary"
                  loading={busy}
                  onClick={() => void act('Confirm')}
                  data-testid="scan-confirm"
                >
                  {t('scanLogin.confirm')}
                </Button>
                <Button disabled={busy} onClick={() => void act('Cancel')} data-testid="scan-cancel">
                  {t('scanLogin.cancel')}
                </Button>
              </Space>
            }
          />
        )}
        {phase === 'confirmed' && <Result status="success" title={t('scanLogin.confirmed')} />}
        {phase === 'cancelled' && <Result status="warning" title={t('scanLogin.cancelled')} />}
        {phase === 'failed' && <Result status="error" title={error || t('scanLogin.invalid')} />}
      </Card>
    </div>
  );
}
