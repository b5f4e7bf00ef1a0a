// Content-Security-Policy violation reports (POST /api/csp-report, issue 34): browsers send them for the
// report-uri (`application/csp-report`, one `{"csp-report": {...}}`) and the report-to endpoint
// (`application/reports+json`, an array of `{type: "csp-violation", body: {...}}`). Anyone may send one, so
// a report is parsed with a small body limit, cut to a few short fields (URLs without their query: a page
// address may carry a code), rate-limited per address and in all, and only then logged.
import { ApiCode } from '@kp/schema';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/api-error';

/** Largest report body accepted (bytes); a real report is well under 2 KiB. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** Reports logged per client address per minute, and by all clients together. */
export const CSP_REPORTS_PER_ADDRESS = 20;
export const CSP_REPORTS_IN_ALL = 300;
/** Reports taken from one body (report-to batches several). */
const MAX_PER_BODY = 10;
const MAX_FIELD = 300;

export const CSP_REPORT_MSG = {
  bad: 'CSP 报告格式不正确',
  tooMany: 'CSP 报告过于频繁，请稍后再试',
};

/** One violation as it is logged. */
export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | null;
  disposition: string;
  sample: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, MAX_FIELD) : '');

/** A URL without its query and fragment (they may carry codes); keywords such as `eval` or `inline` stay. */
function bareUrl(v: unknown): string {
  const s = str(v);
  const cut = s.search(/[?#]/);
  return cut < 0 ? s : s.slice(0, cut);
}

function violationOf(r: Record<string, unknown>): CspViolation {
  const line = r.lineNumber ?? r['line-number'];
  return {
    document: bareUrl(r.documentURL ?? r['document-uri']),
    directive: str(r.effectiveDirective ?? r['effective-directive'] ?? r['violated-directive']),
    blocked: bareUrl(r.blockedURL ?? r['blocked-uri']),
    source: bareUrl(r.sourceFile ?? r['source-file']),
    line: typeof line === 'number' && Number.isFinite(line) ? line : null,
    disposition: str(r.disposition) || 'enforce',
    sample: str(r.sample ?? r['script-sample']).slice(0, 80),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The violations of a report body (either format), at most MAX_PER_BODY; throws 400 on anything else. */
export function parseCspReport(body: unknown): CspViolation[] {
  let json = body;
  if (typeof body === 'string') {
    try {
      json = JSON.parse(body);
    } catch {
      throw new ApiError(ApiCode.BAD_REQUEST, CSP_REPORT_MSG.bad);
    }
  }
  const out: CspViolation[] = [];
  if (isObject(json) && isObject(json['csp-report'])) out.push(violationOf(json['csp-report']));
  else if (Array.isArray(json))
    for (const item of json.slice(0, MAX_PER_BODY))
      if (isObject(item) && item.type === 'csp-violation' && isObject(item.body))
        out.push(violationOf(item.body));
  if (!out.length) throw new ApiError(ApiCode.BAD_REQUEST, CSP_REPORT_MSG.bad);
  return out;
}

/** A fixed one-minute window of counts per key (the address, and '*' for all): memory stays bounded. */
export class ReportLimiter {
  private window = 0;
  private counts = new Map<string, number>();
  constructor(
    private readonly perAddress = CSP_REPORTS_PER_ADDRESS,
    private readonly inAll = CSP_REPORTS_IN_ALL,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one report from `address`; false once the address or everyone has sent their share. */
  take(address: string): boolean {
    const minute = Math.floor(this.now() / 60_000);
    if (minute !== this.window) {
      this.window = minute;
      this.counts.clear();
    }
    const all = this.counts.get('*') ?? 0;
    const mine = this.counts.get(address) ?? 0;
    if (all >= this.inAll || mine >= this.perAddress) return false;
    this.counts.set('*', all + 1);
    // at most inAll addresses are ever kept in one window
    this.counts.set(address, mine + 1);
    return true;
  }
}

/** Takes one report body from `address`: parses it, applies the limits, logs each violation. */
export function receiveCspReport(
  limiter: ReportLimiter,
  log: FastifyBaseLogger,
  address: string,
  body: unknown,
): number {
  const violations = parseCspReport(body);
  if (!limiter.take(address)) throw new ApiError(ApiCode.TOO_MANY, CSP_REPORT_MSG.tooMany);
  for (const csp of violations) log.warn({ csp, ip: address }, 'csp violation');
  return violations.length;
}
