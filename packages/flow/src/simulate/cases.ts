import { type FlowTemplate, textIn } from '@kp/schema';
import { compileTemplate } from '../compile';
import type { FlowStatus } from '../types';
import { type SimLanguage, simText } from './messages';
import {
  type SimChoice,
  type SimContext,
  type SimInput,
  type SimOutcome,
  type SimResult,
  simulate,
} from './run';

/** A regression case of a flow: the sample data, the choices and the outcome expected (path, status, error). */
export interface SimCase {
  version: 1;
  name: string;
  initiatorId: string;
  formData: Record<string, unknown>;
  choices: SimChoice[];
  start?: string;
  candidates?: Record<string, string[]>;
  expected: SimOutcome;
}

export const CASE_LIMITS = {
  cases: 100,
  name: 100,
  id: 200,
  choices: 500,
  path: 2000,
  formDataChars: 65_536,
  /** Largest single clock step: ten years. */
  advanceMs: 10 * 366 * 24 * 3_600_000,
} as const;

/** Turns a finished run into a case (its outcome becomes the expectation). */
export function exportCase(name: string, input: SimInput, result: SimOutcome): SimCase {
  return {
    version: 1,
    name,
    initiatorId: input.initiatorId,
    formData: structuredClone(input.formData),
    choices: structuredClone(input.choices),
    ...(input.start ? { start: input.start } : {}),
    ...(input.candidates ? { candidates: structuredClone(input.candidates) } : {}),
    expected: {
      path: [...result.path],
      status: result.status,
      ...(result.error ? { error: result.error } : {}),
    },
  };
}

export class CaseError extends Error {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
function str(v: unknown, field: string, max: number = CASE_LIMITS.id): string {
  if (typeof v !== 'string' || v === '' || v.length > max)
    throw new CaseError(field, `a text of 1 to ${max} characters is required`);
  return v;
}
function strList(v: unknown, field: string, max: number): string[] {
  if (!Array.isArray(v) || v.length > max)
    throw new CaseError(field, `a list of at most ${max} ids is required`);
  return v.map((x, i) => str(x, `${field}[${i}]`));
}
const STATUSES = [0, 1, 2, 3, 4, 5];

function choice(v: unknown, f: string): SimChoice {
  if (!isObj(v)) throw new CaseError(f, 'an object is required');
  const opt = (k: string) => (v[k] === undefined ? {} : { [k]: str(v[k], `${f}.${k}`, 500) });
  switch (v.kind) {
    case 'approve':
      return {
        kind: 'approve',
        nodeId: str(v.nodeId, `${f}.nodeId`),
        userId: str(v.userId, `${f}.userId`),
        ...opt('opinion'),
      };
    case 'reject':
      return {
        kind: 'reject',
        nodeId: str(v.nodeId, `${f}.nodeId`),
        userId: str(v.userId, `${f}.userId`),
        ...opt('rejectTo'),
        ...opt('opinion'),
      };
    case 'transfer':
      return {
        kind: 'transfer',
        nodeId: str(v.nodeId, `${f}.nodeId`),
        userId: str(v.userId, `${f}.userId`),
        toUserId: str(v.toUserId, `${f}.toUserId`),
      };
    case 'addSigner':
      if (v.position !== 'before' && v.position !== 'after')
        throw new CaseError(`${f}.position`, 'before or after is required');
      return {
        kind: 'addSigner',
        nodeId: str(v.nodeId, `${f}.nodeId`),
        userId: str(v.userId, `${f}.userId`),
        signerIds: strList(v.signerIds, `${f}.signerIds`, 50),
        position: v.position,
      };
    case 'advance':
      if (typeof v.ms !== 'number' || !Number.isInteger(v.ms) || v.ms < 0 || v.ms > CASE_LIMITS.advanceMs)
        throw new CaseError(
          `${f}.ms`,
          `a whole number of milliseconds from 0 to ${CASE_LIMITS.advanceMs} is required`,
        );
      return { kind: 'advance', ms: v.ms };
    case 'subflowReturn': {
      const cs = v.childStatus;
      if (cs !== undefined && cs !== 2 && cs !== 4 && cs !== 5)
        throw new CaseError(`${f}.childStatus`, '2, 4 or 5 is required');
      return {
        kind: 'subflowReturn',
        nodeId: str(v.nodeId, `${f}.nodeId`),
        ...(cs ? { childStatus: cs } : {}),
      };
    }
    case 'resubmit':
      return {
        kind: 'resubmit',
        ...(v.formData === undefined ? {} : { formData: formData(v.formData, `${f}.formData`) }),
      };
    default:
      throw new CaseError(
        `${f}.kind`,
        'approve, reject, transfer, addSigner, advance, subflowReturn or resubmit',
      );
  }
}
function formData(v: unknown, f: string): Record<string, unknown> {
  if (!isObj(v)) throw new CaseError(f, 'an object is required');
  let text: string;
  try {
    text = JSON.stringify(v);
  } catch {
    throw new CaseError(f, 'plain JSON data is required');
  }
  if (text.length > CASE_LIMITS.formDataChars)
    throw new CaseError(f, `at most ${CASE_LIMITS.formDataChars} characters of JSON`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Checks an imported case (untrusted JSON) field by field; throws CaseError naming the field. */
export function parseCase(v: unknown, f = 'case'): SimCase {
  if (!isObj(v)) throw new CaseError(f, 'an object is required');
  if (v.version !== 1) throw new CaseError(`${f}.version`, '1 is required');
  if (!Array.isArray(v.choices) || v.choices.length > CASE_LIMITS.choices)
    throw new CaseError(`${f}.choices`, `a list of at most ${CASE_LIMITS.choices} choices is required`);
  const e = v.expected;
  if (!isObj(e)) throw new CaseError(`${f}.expected`, 'an object is required');
  if (!STATUSES.includes(e.status as number))
    throw new CaseError(`${f}.expected.status`, '0 to 5 is required');
  if (v.start !== undefined && (typeof v.start !== 'string' || Number.isNaN(Date.parse(v.start))))
    throw new CaseError(`${f}.start`, 'an ISO date-time is required');
  let candidates: Record<string, string[]> | undefined;
  if (v.candidates !== undefined) {
    if (!isObj(v.candidates) || Object.keys(v.candidates).length > 100)
      throw new CaseError(`${f}.candidates`, 'an object of at most 100 nodes is required');
    candidates = Object.fromEntries(
      Object.entries(v.candidates).map(([k, x]) => [
        str(k, `${f}.candidates`),
        strList(x, `${f}.candidates.${k}`, 50),
      ]),
    );
  }
  return {
    version: 1,
    name: str(v.name, `${f}.name`, CASE_LIMITS.name),
    initiatorId: str(v.initiatorId, `${f}.initiatorId`),
    formData: formData(v.formData, `${f}.formData`),
    choices: v.choices.map((c, i) => choice(c, `${f}.choices[${i}]`)),
    ...(v.start !== undefined ? { start: v.start as string } : {}),
    ...(candidates ? { candidates } : {}),
    expected: {
      path: strList(e.path, `${f}.expected.path`, CASE_LIMITS.path),
      status: e.status as FlowStatus,
      ...(e.error !== undefined ? { error: str(e.error, `${f}.expected.error`) } : {}),
    },
  };
}

/** Checks a list of cases (the stored set of a flow). */
export function parseCases(v: unknown, f = 'cases'): SimCase[] {
  if (!Array.isArray(v) || v.length > CASE_LIMITS.cases)
    throw new CaseError(f, `a list of at most ${CASE_LIMITS.cases} cases is required`);
  return v.map((c, i) => parseCase(c, `${f}[${i}]`));
}

const STATUS_TEXT: Record<SimLanguage, string[]> = {
  zh: ['草稿', '审批中', '已通过', '已退回', '已撤回', '已终止'],
  zhtw: ['草稿', '審批中', '已通過', '已退回', '已撤回', '已終止'],
  en: ['draft', 'waiting', 'adopted', 'rejected', 'revoked', 'cancelled'],
};

/**
 * The differences between an expected and an actual outcome, as readable lines (node titles from the
 * template, ids beside them); empty when they agree.
 */
export function diffOutcome(
  expected: SimOutcome,
  actual: SimOutcome,
  template?: FlowTemplate,
  lang: SimLanguage = 'zh',
): string[] {
  const nodes = template ? compileTemplate(template).nodes : undefined;
  const label = (id: string | undefined) => {
    if (id === undefined) return simText('NONE', lang);
    const title = textIn(nodes?.get(id)?.node.properties.title, lang);
    return title && title !== id ? `${title} (${id})` : id;
  };
  const out: string[] = [];
  const n = Math.max(expected.path.length, actual.path.length);
  for (let i = 0; i < n; i++) {
    if (expected.path[i] === actual.path[i]) continue;
    out.push(
      simText('DIFF_PATH', lang, {
        i: i + 1,
        expected: label(expected.path[i]),
        actual: label(actual.path[i]),
      }),
    );
    break; // after the first divergence the rest differs by consequence
  }
  if (expected.status !== actual.status)
    out.push(
      simText('DIFF_STATUS', lang, {
        expected: STATUS_TEXT[lang][expected.status] ?? String(expected.status),
        actual: STATUS_TEXT[lang][actual.status] ?? String(actual.status),
      }),
    );
  if ((expected.error ?? '') !== (actual.error ?? ''))
    out.push(
      simText('DIFF_ERROR', lang, {
        expected: expected.error ?? simText('NONE', lang),
        actual: actual.error ?? simText('NONE', lang),
      }),
    );
  return out;
}

export interface CaseVerdict {
  name: string;
  ok: boolean;
  diff: string[];
  actual: SimOutcome;
}

/** Re-runs a case against a design. */
export function runCase(ctx: SimContext, c: SimCase): SimResult {
  return simulate(ctx, {
    initiatorId: c.initiatorId,
    formData: c.formData,
    choices: c.choices,
    ...(c.start ? { start: c.start } : {}),
    ...(c.candidates ? { candidates: c.candidates } : {}),
  });
}

/** Runs every case against a design; a case diverges when its path, status or error differ. */
export function verifyCases(ctx: SimContext, cases: SimCase[], lang: SimLanguage = 'zh'): CaseVerdict[] {
  return cases.map((c) => {
    const r = runCase(ctx, c);
    const actual: SimOutcome = { path: r.path, status: r.status, ...(r.error ? { error: r.error } : {}) };
    const diff = diffOutcome(c.expected, actual, ctx.template, lang);
    return { name: c.name, ok: diff.length === 0, diff, actual };
  });
}
