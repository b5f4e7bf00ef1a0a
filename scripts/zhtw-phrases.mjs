#!/usr/bin/env node
// Taiwan phrasing of the zhtw texts (issue 20: zhtw in traditional characters AND Taiwan's words). The
// catalogue tests check the characters (opencc-js cn → tw); this checks the words: a zhtw text may not use the
// mainland word where Taiwan says another (用戶 → 使用者, 數據 → 資料, 默認 → 預設…).
//
// opencc-js's own Taiwan-phrase table (cn → twp) was tried first and left: it turns 發佈 into 釋出, 審核 into
// 稽核 and 權限 into 許可權, which read wrong in Taiwan; the table below is the words this product uses, each
// checked by hand. Words that mean two things here are left out (項目: a construction project or a list item;
// 對象: an object or the person an action is aimed at; 程序 inside 流程序號).
//
// Which texts are zhtw, read with the TypeScript parser from the sources (tests excepted):
//  - every text under a property `zhtw` (server catalogues, seeded labels, {zh, zhtw, en} objects, message
//    functions `zhtw: (n) => \`…\``);
//  - every text inside a variable whose name says zhtw (`const zhtw = {…}`, `const ZHTW = {…}`);
//  - every text of apps/host/src/i18n/zhtw.ts; every `"zhtw": "…"` of the examples' JSON forms and portals;
//  - the second text of a `[zh, zhtw, en]` triple (three strings, Chinese first, none last): the designer's
//    and several host screens' catalogues.
//
//   node scripts/zhtw-phrases.mjs           lists the zhtw texts with a mainland word; exit 1 if any
//   node scripts/zhtw-phrases.mjs --write   rewrites them with Taiwan's words
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Mainland word → Taiwan's, longest first where one contains another. */
export const TAIWAN_WORDS = [
  ['用戶名', '使用者名稱'],
  ['退出登錄', '登出'],
  ['視頻會議', '視訊會議'],
  ['窗口', '視窗'],
  ['打開', '開啟'],
  ['用戶', '使用者'],
  ['信息', '資訊'],
  ['數據', '資料'],
  ['默認', '預設'],
  ['登錄', '登入'],
  ['註銷', '登出'],
  ['菜單', '選單'],
  ['導入', '匯入'],
  ['導出', '匯出'],
  ['保存', '儲存'],
  ['字段', '欄位'],
  ['接口', '介面'],
  ['界面', '介面'],
  ['刷新', '重新整理'],
  ['支持', '支援'],
  ['設置', '設定'],
  ['模塊', '模組'],
  ['打印', '列印'],
  ['全屏', '全螢幕'],
  ['屏幕', '螢幕'],
  ['在線', '線上'],
  ['添加', '新增'],
  ['創建', '建立'],
  ['查看', '檢視'],
  ['字符串', '字串'],
  ['字符', '字元'],
  ['消息', '訊息'],
  ['加載', '載入'],
  ['數組', '陣列'],
  ['賬號', '帳號'],
  ['賬戶', '帳戶'],
  ['聯繫', '聯絡'],
  ['視頻', '影片'],
  ['網絡', '網路'],
  ['文件', '檔案'],
  ['批量', '批次'],
  ['搜索', '搜尋'],
  ['緩存', '快取'],
  ['運行', '執行'],
  ['調用', '呼叫'],
  ['當前', '目前'],
  ['變量', '變數'],
  ['組件', '元件'],
  ['控件', '控制項'],
  ['軟件', '軟體'],
  ['服務器', '伺服器'],
  ['鏈接', '連結'],
  ['激活', '啟用'],
  ['質量', '品質'],
  ['短信', '簡訊'],
  ['郵箱', '信箱'],
  ['禁用', '停用'],
  ['圖標', '圖示'],
  ['文本', '文字'],
  ['粘貼', '貼上'],
  ['滾動', '捲動'],
];

/** The text in Taiwan's words. */
export function taiwanWords(text) {
  let out = text;
  for (const [from, to] of TAIWAN_WORDS) out = out.split(from).join(to);
  return out;
}

const sources = () =>
  execFileSync('git', ['ls-files', 'apps/*/src/**', 'packages/*/src/**', 'examples/**'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|json)$/.test(f) && !/\.(test|e2e)\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => !f.endsWith('package.json') && !f.includes('tsconfig'));

/** The zhtw texts of a JSON file (the example forms and portals): every `"zhtw": "…"` value. */
function jsonZhtw(text) {
  return [...text.matchAll(/"zhtw"\s*:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => {
    const start = m.index + m[0].length - m[1].length - 1;
    return { start, end: start + m[1].length, value: m[1] };
  });
}

const isText = (n) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
/** A literal piece of text: a string, a template without substitutions, or a template's head/middle/tail. */
const isTextPiece = (n) =>
  isText(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n);
const nameOf = (n) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined);
const CJK = /[\u4e00-\u9fff]/;

/** The zhtw text pieces of one file: [start, end) of each in the source, and its text. */
export function zhtwLiterals(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? 4 : 3);
  const found = [];
  const add = (n) => found.push({ start: n.getStart(sf), end: n.getEnd(), value: n.getText(sf) });
  const allUnder = (node) => {
    const walk = (n) => {
      if (isTextPiece(n)) add(n);
      ts.forEachChild(n, walk);
    };
    walk(node);
  };
  const visit = (n) => {
    // zhtw: '…', zhtw: (n) => `…${n}…`, zhtw: { … }
    if (ts.isPropertyAssignment(n) && nameOf(n.name) === 'zhtw') return allUnder(n.initializer);
    // const zhtw = { … }, const ZHTW: Record<…> = { … }
    if (ts.isVariableDeclaration(n) && /zhtw/i.test(nameOf(n.name) ?? '') && n.initializer)
      return allUnder(n.initializer);
    // a [zh, zhtw, en] triple: Chinese first, no Chinese last
    if (
      ts.isArrayLiteralExpression(n) &&
      n.elements.length === 3 &&
      n.elements.every(isText) &&
      CJK.test(n.elements[0].text) &&
      !CJK.test(n.elements[2].text)
    )
      return add(n.elements[1]);
    ts.forEachChild(n, visit);
  };
  if (file === 'apps/host/src/i18n/zhtw.ts') allUnder(sf);
  else visit(sf);
  return found;
}

function main() {
  const write = process.argv.includes('--write');
  const hits = [];
  for (const file of sources()) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!text.includes('zhtw')) continue;
    const all = file.endsWith('.json') ? jsonZhtw(text) : zhtwLiterals(file, text);
    const lits = all.filter((l) => taiwanWords(l.value) !== l.value);
    if (!lits.length) continue;
    for (const l of lits) hits.push(`${file}: ${l.value} → ${taiwanWords(l.value)}`);
    if (write) {
      let out = text;
      for (const l of [...lits].sort((a, b) => b.start - a.start))
        out = out.slice(0, l.start) + taiwanWords(out.slice(l.start, l.end)) + out.slice(l.end);
      writeFileSync(join(root, file), out);
    }
  }
  if (write) console.log(`zhtw: ${hits.length} texts rewritten in Taiwan's words`);
  else if (hits.length) {
    console.log(`zhtw texts with a mainland word (node scripts/zhtw-phrases.mjs --write fixes them):`);
    for (const h of hits) console.log(`  ${h}`);
    process.exitCode = 1;
  } else console.log('zhtw: no mainland word in any zhtw text.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
