import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOCX_MIME, docxName, printDocx } from './printDocx';
import { fillPrintTemplate, recordsTableHtml } from './printTemplate';

// A 1×1 PNG, as the signature pad gives it.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const unzip = async (b: Blob) => unzipSync(new Uint8Array(await b.arrayBuffer()));

describe('printDocx', () => {
  it('turns a filled template (heading, bold, sub-table rows, records with a signature) into a .docx', async () => {
    const html = fillPrintTemplate(
      '<h1>{fullName}</h1><p>申请人：<b>{applicant}</b></p>' +
        '<table border="1"><tr><th>项目</th><th>金额</th></tr><tr><td>{lines.item}</td><td>{lines.amount}</td></tr></table>' +
        '<div>{approvalRecords}</div>',
      {
        fullName: '费用报销',
        applicant: '张伟 & 李娜',
        lines: [
          { item: '机票', amount: 1200 },
          { item: '酒店', amount: 800 },
        ],
      },
      recordsTableHtml([
        {
          nodeName: '部门审批',
          userName: '王建国',
          status: '审核通过',
          opinion: '同意',
          signImg: PNG,
          time: '2026-11-22 10:00',
        },
      ]),
    );
    const blob = await printDocx(html, '费用报销');
    expect(blob.type).toBe(DOCX_MIME);
    const files = await unzip(blob);
    const xml = strFromU8(files['word/document.xml']);
    for (const s of ['费用报销', '张伟 &amp; 李娜', '机票', '1200', '酒店', '800', '王建国', '同意'])
      expect(xml).toContain(s);
    // the template table and the records table
    expect(xml.match(/<w:tbl>/g)?.length).toBe(2);
    // one row per sub-table row plus the header row
    expect(xml.split('<w:tbl>')[1].match(/<w:tr[ >]/g)?.length).toBe(3);
    // the heading is a Word heading, the applicant bold
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>/);
    expect(xml).toMatch(/<w:b\/>[\s\S]*张伟/);
    // the signature travels as an image part
    expect(Object.keys(files).some((f) => f.startsWith('word/media/'))).toBe(true);
    expect(xml).toContain('<w:drawing>');
  });

  it('names the file .docx without characters Windows refuses', () => {
    expect(docxName('请假/申请:张伟')).toBe('请假_申请_张伟.docx');
    expect(docxName('  ')).toBe('print.docx');
  });
});
