// The simulator's server side: the organisation snapshot the browser simulates on, and the check before a
// release that re-runs a flow's stored cases on the design being released.
import { compileForm, recalculate } from '@kp/engine';
import {
  parseCases,
  type SimCase,
  type SimLanguage,
  simText,
  snapshotOrg,
  validateFlow,
  verifyCases,
} from '@kp/flow';
import type { FlowTemplate, FormConfig } from '@kp/schema';
import type { AppContext } from '../../context';
import { notFound } from '../../http/api-error';
import { languageOf } from '../../http/i18n';
import { ORG_ALIASES, orgOf } from './org';
import { parseJson } from './tables';

/** Calculate fields recomputed inside every transition, as the server's engine does (none when the form does not compile). */
function deriveFormOf(form: unknown) {
  try {
    const compiled = form ? compileForm(parseJson<unknown>(form, null) as FormConfig) : null;
    return compiled ? (d: Record<string, unknown>) => recalculate(compiled, d) : undefined;
  } catch {
    return undefined;
  }
}

export interface ReleaseCheck {
  ok: boolean;
  /** The refusal text (in the caller's language) with the diff of each diverging case. */
  message?: string;
}

/**
 * The flow designer's verify on a design to save or release: @kp/flow's validateFlow, the function the
 * designer's 校验 button runs, read as the designer reads it (a start node names who may initiate). The
 * first fault as `nodeId: text` (the designer's text, zh; the catalogue answers it in the caller's
 * language), or null for a valid design.
 */
export function designFault(tree: unknown): string | null {
  const [first] = validateFlow(tree);
  if (!first) return null;
  return first.nodeId ? `${first.nodeId}: ${first.message}` : first.message;
}

/**
 * Verify before release: the stored design passes the designer's verify (designFault), and every stored
 * case of the flow is re-run on it against the real organisation (the interpreter's own code, as a launch
 * would run it). A fault or a divergence refuses.
 */
export async function checkRelease(ctx: AppContext, id: string, lang: SimLanguage): Promise<ReleaseCheck> {
  const row = await ctx.db
    .selectFrom('wf_template')
    .select(['form_json', 'flow_json', 'properties_json', 'sim_cases_json'])
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  const fault = designFault(parseJson<unknown>(row.flow_json, null));
  if (fault) return { ok: false, message: fault };
  let cases: SimCase[];
  try {
    cases = parseCases(parseJson(row.sim_cases_json, []));
  } catch (e) {
    // stored cases are checked on save; a row that no longer parses fails closed
    return { ok: false, message: `${simText('CASE_INVALID', lang)}: ${(e as Error).message}` };
  }
  if (!cases.length) return { ok: true };
  const org = await orgOf(ctx);
  const tree = parseJson<FlowTemplate['tree'] | null>(row.flow_json, null);
  if (!tree) return { ok: false, message: simText('CASE_INVALID', lang) };
  const template: FlowTemplate = { flowId: id, tree, properties: parseJson(row.properties_json, {}) };
  const deriveForm = deriveFormOf(row.form_json);
  const verdicts = verifyCases(
    { template, org, managers: org.managers, ...(deriveForm ? { deriveForm } : {}) },
    cases,
    lang,
  );
  const bad = verdicts.filter((v) => !v.ok);
  if (!bad.length) return { ok: true };
  return {
    ok: false,
    message: bad
      .map((v) => `${simText('CASE_DIVERGED', lang, { name: v.name })}\n${v.diff.join('\n')}`)
      .join('\n'),
  };
}

/** The organisation snapshot the browser simulates on (membership answered by the server's own resolver). */
export async function simulationOrg(ctx: AppContext) {
  const db = ctx.db;
  const [users, depts, positions, roles] = await Promise.all([
    db.selectFrom('base_user').select('id').where('enabled_mark', '=', 1).execute(),
    db.selectFrom('base_organize').select('id').execute(),
    db.selectFrom('base_position').select('id').execute(),
    db.selectFrom('base_role').select('id').execute(),
  ]);
  const org = await orgOf(ctx);
  return snapshotOrg(
    org,
    {
      users: users.map((r) => r.id),
      departments: depts.map((r) => r.id),
      positions: [...positions.map((r) => r.id), ...Object.keys(ORG_ALIASES.positions)],
      roles: [...roles.map((r) => r.id), ...Object.keys(ORG_ALIASES.roles)],
    },
    org.managers,
  );
}

export const releaseLanguage = (header: string | string[] | undefined) =>
  languageOf(Array.isArray(header) ? header[0] : header);
