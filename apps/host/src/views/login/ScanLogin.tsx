import { QRCode, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Certificate, certificateStatus, newCertificate, scanUrl } from './scanApi';

/** Poll interval of the certificate's status. */
const POLL_MS = 2000;

/**
 * The login page's scan tab: a QR code of a fresh certificate, polled until the phone confirms (then
 * `onToken` signs in), cancels, or it expires (antd's refresh overlay asks for a new one).
 */
export function ScanLogin({ onToken }: { onToken: (token: string, theme?: string) => void }) {
  const { t } = useTranslation();
  const [cert, setCert] = useState<Certificate | null>(null);
  const [status, setStatus] = useState<number>(0);
  const [error, setError] = useState('');
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  const refresh = useCallback(() => {
    setCert(null);
    setStatus(0);
    setError('');
    newCertificate()
      .then((r) => setCert(r.data))
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (!cert || status < 0 || status >= 2) return;
    let stop = false;
    const timer = window.setInterval(async () => {
      try {
        const r = await certificateStatus(cert);
        if (stop) return;
        setStatus(r.data.status);
        if (r.data.status === 2 && r.data.token) onTokenRef.current(r.data.token, r.data.theme);
      } catch (e) {
        if (!stop) {
          setError((e as Error).message);
          setStatus(-1);
        }
      }
    }, POLL_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [cert, status]);

  const qrStatus = !cert
    ? 'loading'
    : status === -1 || status >= 3
      ? 'expired'
      : status === 1
        ? 'scanned'
        : 'active';
  const hint =
    status === 1
      ? t('login.scanScanned')
      : status === 3
        ? t('login.scanCancelled')
        : status === -1 || status === 4
          ? t('login.scanExpired')
          : t('login.scanHint');
  return (
    <div className="kp-login-scan" data-testid="scan-login">
      <QRCode
        value={cert ? scanUrl(cert.id) : '-'}
        status={qrStatus}
        onRefresh={refresh}
        size={180}
        data-testid="scan-qr"
      />
      <Typography.Text type={error ? 'danger' : 'secondary'} role="status">
        {error || hint}
      </Typography.Text>
    </div>
  );
}
