import { describe, expect, it } from 'vitest';
import { fillPrintTemplate } from './print';

describe('fillPrintTemplate', () => {
  it('fills fields, escaping values so they cannot add markup', () => {
    expect(
      fillPrintTemplate('<h1>{title}</h1><p>{level}</p>', {
        title: '<img src=x onerror=alert(1)>',
        level: 2,
      }),
    ).toBe('<h1>&lt;img src=x onerror=alert(1)&gt;</h1><p>2</p>');
  });

  it('leaves unknown placeholders as typed', () => {
    expect(fillPrintTemplate('{nope}', {})).toBe('{nope}');
  });

  it('repeats a table row per sub-table row', () => {
    const html = '<table><tr><th>项目</th></tr><tr><td>{lines.item}</td><td>{lines.qty}</td></tr></table>';
    expect(
      fillPrintTemplate(html, {
        lines: [
          { item: '机票', qty: 2 },
          { item: '酒店', qty: 3 },
        ],
      }),
    ).toBe(
      '<table><tr><th>项目</th></tr><tr><td>机票</td><td>2</td></tr><tr><td>酒店</td><td>3</td></tr></table>',
    );
    expect(fillPrintTemplate(html, {})).toBe('<table><tr><th>项目</th></tr></table>');
  });

  it('prints only passed and rejected approval records', () => {
    const out = fillPrintTemplate('{approvalRecords}', {}, [
      { nodeName: '发起', userName: '张伟', handleTime: null, handleStatus: 2, handleOpinion: null },
      { nodeName: '部门审批', userName: '王建国', handleTime: null, handleStatus: 1, handleOpinion: '同意' },
      {
        nodeName: '总经理',
        userName: '刘志强',
        handleTime: null,
        handleStatus: 0,
        handleOpinion: '<b>不同意</b>',
      },
    ]);
    expect(out).toContain('<td>王建国</td><td>通过</td><td>同意</td>');
    expect(out).toContain('<td>刘志强</td><td>驳回</td><td>&lt;b&gt;不同意&lt;/b&gt;</td>');
    expect(out).not.toContain('张伟');
  });
});
