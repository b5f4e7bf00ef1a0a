import { describe, expect, it } from 'vitest';
import { fillPrintTemplate, recordsTableHtml } from './printTemplate';

describe('fillPrintTemplate', () => {
  it('fills fields, escaping values so they cannot add markup; unknown placeholders become empty', () => {
    expect(
      fillPrintTemplate(
        '<h1>{title}</h1><p>{level}</p>{nope}',
        { title: '<img src=x onerror=alert(1)>', level: 2 },
        '',
      ),
    ).toBe('<h1>&lt;img src=x onerror=alert(1)&gt;</h1><p>2</p>');
  });

  it('prints lists joined by commas and named objects (uploads, options) by their name', () => {
    expect(
      fillPrintTemplate(
        '{users}|{files}|{opt}|{raw}',
        {
          users: ['王建国', '刘志强'],
          files: [
            { name: 'a.pdf', url: '/x' },
            { name: 'b<.png', url: '/y' },
          ],
          opt: { label: '年假', value: 'annual' },
          raw: { a: 1 },
        },
        '',
      ),
    ).toBe('王建国,刘志强|a.pdf,b&lt;.png|年假|{&quot;a&quot;:1}');
  });

  it('repeats a table row per sub-table row; an empty sub-table prints no row', () => {
    const html = '<table><tr><th>项目</th></tr><tr><td>{lines.item}</td><td>{lines.qty}</td></tr></table>';
    expect(
      fillPrintTemplate(
        html,
        {
          lines: [
            { item: '机票', qty: 2 },
            { item: '<b>', qty: 3 },
          ],
        },
        '',
      ),
    ).toBe(
      '<table><tr><th>项目</th></tr><tr><td>机票</td><td>2</td></tr><tr><td>&lt;b&gt;</td><td>3</td></tr></table>',
    );
    expect(fillPrintTemplate(html, { lines: [] }, '')).toBe('<table><tr><th>项目</th></tr></table>');
  });

  it('puts the records table at {approvalRecords}', () => {
    const table = recordsTableHtml([
      { nodeName: '部门审批', userName: '王建国', status: '通过', opinion: '同意', time: 't' },
    ]);
    expect(fillPrintTemplate('<div>{approvalRecords}</div>', {}, table)).toBe(`<div>${table}</div>`);
    expect(table).toContain('<td>王建国</td><td>通过</td><td>同意</td>');
  });
});
