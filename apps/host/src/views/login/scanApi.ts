// Scan-to-log-in calls (spec 1 §7): the login page's certificate and status poll, the phone's steps.
import { http } from '../../api/http';
import { ROUTER_BASENAME } from '../../config';

export interface Certificate {
  id: string;
  ticket: string;
  expiresIn: number;
}
/** 0 waiting, 1 scanned, 2 confirmed (with the session), 3 cancelled, 4 used, -1 expired. */
export interface CertificateStatus {
  status: number;
  token?: string;
  theme?: string;
}

export const newCertificate = () =>
  http.get<Certificate>('/api/oauth/codeCertificate', undefined, { silent: true });
export const certificateStatus = (c: Certificate) =>
  http.get<CertificateStatus>(
    `/api/oauth/codeCertificateStatus/${encodeURIComponent(c.id)}`,
    { ticket: c.ticket },
    {
      silent: true,
    },
  );
export const certificateStep = (id: string, step: 'Scan' | 'Confirm' | 'Cancel') =>
  http.post<{ status: number }>(`/api/oauth/codeCertificate/${encodeURIComponent(id)}/${step}`, undefined, {
    silent: true,
  });

/** The address the QR code carries: the confirm page of this site. */
export const scanUrl = (id: string) =>
  `${window.location.origin}${ROUTER_BASENAME}/scanLogin?id=${encodeURIComponent(id)}`;
