// The code generator quotes every user string it writes into source: labels, names and column
// settings containing quotes, backticks, ${}, comment ends, </script> and line breaks stay data in the
// generated TypeScript/TSX — the files parse, and the payload is never code.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fieldConfig, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

// quotes, a backtick, a dollar-brace placeholder, a comment end, </script>, line breaks, a call
const HOSTILE = ['a"b\'c`d', '$', '{pwned()}e*/f</script>g\nh\u2028i pwned(); //'].join('');

/** Every identifier of a generated file and every piece of literal text (strings, templates, JSX text). */
function scan(fileName: string, text: string) {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const identifiers = new Set<string>();
  const literals: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) identifiers.add(n.text);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isJsxText(n))
      literals.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const out = ts.transpileModule(text, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
    },
  });
  return {
    identifiers,
    literals,
    diagnostics: (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  };
}

describe(`code generator quoting on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
  });

  it('labels, the item name and column settings with quotes, backticks, placeholders, */, </script> and line breaks stay strings', async () => {
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/visualdev/Base',
      payload: {
        fullName: HOSTILE,
        enCode: 'hostileItem',
        formData: formConfig([
          { __config__: fieldConfig('comInput', HOSTILE, { formId: 101 }), __vModel__: 'title' },
          {
            __config__: fieldConfig('table', HOSTILE, {
              formId: 102,
              children: [
                { __config__: fieldConfig('comInput', HOSTILE, { formId: 103 }), __vModel__: 'item' },
              ],
            }),
            __vModel__: 'lines',
          },
        ]),
        columnData: {
          columnList: [{ prop: 'title', label: HOSTILE, width: 120, align: 'left' }],
          searchList: [],
          btnsList: [],
          columnBtnsList: [],
          hasPage: true,
          pageSize: 20,
        },
      },
    });
    expect(created.code, created.msg).toBe(200);
    const pv = await t.call<{ list: Array<{ fileName: string; fileContent: string }> }>(admin, {
      method: 'POST',
      url: `/api/visualdev/Generater/${created.data}/Actions/CodePreview`,
      payload: { module: 'oa', className: 'Hostile' },
    });
    expect(pv.code, pv.msg).toBe(200);
    const sources = pv.data.list.filter((f) => /\.tsx?$/.test(f.fileName));
    expect(sources.map((f) => f.fileName)).toEqual([
      'HostilePage.tsx',
      'Hostile.routes.ts',
      'Hostile.migration.ts',
    ]);
    for (const f of sources) {
      const { identifiers, diagnostics } = scan(f.fileName, f.fileContent);
      expect({ file: f.fileName, diagnostics }).toEqual({ file: f.fileName, diagnostics: [] });
      // the payload's call never became code
      expect({ file: f.fileName, pwned: identifiers.has('pwned') }).toEqual({
        file: f.fileName,
        pwned: false,
      });
      // no line of the file starts with what followed a line break in the label
      expect(f.fileContent.split('\n').some((l) => /^\s*h\u2028i pwned/.test(l))).toBe(false);
    }
    // the page shows the label and the item name exactly, as string values
    const page = scan('HostilePage.tsx', sources[0].fileContent);
    expect(page.literals.filter((l) => l === HOSTILE).length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
