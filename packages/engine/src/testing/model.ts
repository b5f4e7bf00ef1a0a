/**
 * fast-check arbitraries for the form model's layers: random access contexts (platform, a workflow node's
 * formOperates, column/form grants, read-only) over a compiled form, for property tests of validate and
 * project.
 */
import fc from 'fast-check';
import type { CompiledForm } from '../form/compile';
import type { AccessContext, FieldOperate } from '../model/access';

/** A random context over the form's fields: some fields listed in formOperates, some granted. */
export function accessContextArb(compiled: CompiledForm): fc.Arbitrary<AccessContext> {
  const paths = compiled.fields.map((f) => (f.table ? `${f.table}-${f.vModel}` : f.vModel));
  const main = compiled.fields.filter((f) => !f.table).map((f) => f.vModel);
  const operate = (id: string): fc.Arbitrary<FieldOperate> =>
    fc.record({
      id: fc.constant(id),
      read: fc.boolean(),
      write: fc.boolean(),
      required: fc.option(fc.boolean(), { nil: undefined }),
    });
  return fc.record({
    platform: fc.option(fc.constantFrom<'pc' | 'app'>('pc', 'app'), { nil: undefined }),
    operates: paths.length
      ? fc.subarray(paths).chain((ids) => fc.tuple(...ids.map(operate)).map((ops) => ops as FieldOperate[]))
      : fc.constant([] as FieldOperate[]),
    grants: fc.option(
      fc.subarray(main).map((g) => new Set(g) as ReadonlySet<string>),
      { nil: null },
    ),
    readonly: fc.boolean(),
  });
}
