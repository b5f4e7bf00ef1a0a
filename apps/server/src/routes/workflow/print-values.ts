import { type CompiledForm, compileForm } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { displayRecords } from '../../forms/display';
import type { WfDb } from './tables';

/**
 * Display values of a flow's form data for printing (spec 2 print data): the shared display rules of
 * src/forms/display.ts (pickers as names, dictionary and static options as labels, dates in the field's
 * format, regions, switches, files by name). Raw values stay with the caller.
 */
const compiled = new Map<string, CompiledForm | null>();
function compiledOf(cacheKey: string, form: unknown): CompiledForm | null {
  if (!compiled.has(cacheKey)) {
    let c: CompiledForm | null = null;
    try {
      c = compileForm(form as FormConfig);
    } catch {
      c = null;
    }
    compiled.set(cacheKey, c);
  }
  return compiled.get(cacheKey) ?? null;
}

export async function printValues(
  db: WfDb,
  cacheKey: string,
  form: unknown,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const cf = compiledOf(cacheKey, form);
  if (!cf) return { ...data };
  const [shown] = await displayRecords(db as unknown as Kysely<Database>, cf, [data]);
  return shown ?? { ...data };
}
