// A flow task's form on the server: compiled once per template version (the renderer's compiled schema,
// one form config, one truth), used to validate submitted data and to recompute calculate fields.
import { type CompiledForm, compileForm, recalculate } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { parseJson } from './tables';

const compiledForms = new Map<string, CompiledForm>();
/**
 * The compiled form of a flow's template version (cached; read from the template on a miss), or null when
 * the template has no valid form. It recomputes calculate fields inside every transition (deriveForm), and
 * its system fields and bill numbers are stamped by the server (stampFormData), never taken from the client.
 */
export async function taskForm(
  tx: Transaction<Database>,
  templateId: string,
  version: number,
  formJson?: unknown,
): Promise<CompiledForm | null> {
  const key = `${templateId}@form${version}`;
  const hit = compiledForms.get(key);
  if (hit) return hit;
  const form =
    formJson ??
    (await tx.selectFrom('wf_template').select('form_json').where('id', '=', templateId).executeTakeFirst())
      ?.form_json;
  let compiled: CompiledForm | null = null;
  try {
    compiled = form ? compileForm(parseJson<unknown>(form, null) as FormConfig) : null;
  } catch {
    compiled = null;
  }
  if (compiled) compiledForms.set(key, compiled);
  return compiled;
}
export const deriveOf = (compiled: CompiledForm | null) =>
  compiled ? (d: Record<string, unknown>) => recalculate(compiled, d) : undefined;
