import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ROWS,
  readUserWorkbook,
  rowProblems,
  splitNames,
  USER_COLUMNS,
  writeExceptionWorkbook,
  writeTemplateWorkbook,
  writeUsersWorkbook,
} from './excel';

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

describe('user workbooks', () => {
  it('export writes the headers in the language asked and one row per user, text kept as text', async () => {
    const buf = await writeUsersWorkbook(
      [{ account: '00123', realName: '张三', certificatesNumber: '110105194912310021', organize: '研发部' }],
      'zh',
    );
    const ws = await sheetOf(buf);
    expect(ws.name).toBe('用户信息');
    expect(ws.getRow(1).getCell(1).value).toBe('账户');
    expect(ws.getRow(2).getCell(1).value).toBe('00123');
    expect(ws.getRow(2).getCell(9).value).toBe('110105194912310021');
    const en = await sheetOf(await writeUsersWorkbook([], 'en'));
    expect(en.getRow(1).getCell(2).value).toBe('Name');
    expect(en.rowCount).toBe(1);
  });

  it('the template round-trips through the import reader', async () => {
    const read = await readUserWorkbook(await writeTemplateWorkbook('zhtw'));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.rows).toHaveLength(1);
      expect(read.rows[0].account).toBe('zhangsan');
      expect(read.rows[0].gender).toBe('男');
    }
  });

  it('import matches headers in any order and language, skips empty rows, reads rich text and numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['Organisation', 'Name', 'Account', 'Mobile']);
    ws.addRow(['研发部', { richText: [{ text: '李' }, { text: '四' }] }, 'lisi', 13912345678]);
    ws.addRow([]);
    ws.addRow(['研发部', '王五', 'wangwu', '']);
    const read = await readUserWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(read).toEqual({
      ok: true,
      rows: [
        { organize: '研发部', realName: '李四', account: 'lisi', mobilePhone: '13912345678' },
        { organize: '研发部', realName: '王五', account: 'wangwu', mobilePhone: '' },
      ],
    });
  });

  it('a file that is not a workbook, or lacks a required column, is refused with a msg', async () => {
    expect(await readUserWorkbook(Buffer.from('not a zip'))).toEqual({
      ok: false,
      msg: '文件不是有效的Excel文件',
    });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['账户', '姓名']);
    expect(await readUserWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), 'en')).toEqual({
      ok: false,
      msg: 'The workbook does not follow the import template',
    });
  });

  it('more rows than the limit are refused', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['账户', '姓名', '所属组织']);
    for (let i = 0; i <= MAX_IMPORT_ROWS; i++) ws.addRow([`u${i}`, 'n', 'o']);
    const read = await readUserWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(read).toEqual({ ok: false, msg: `导入数据不能超过${MAX_IMPORT_ROWS}条` });
  });

  it('row checks name every problem with the spec texts', () => {
    expect(rowProblems({ account: 'ok1', realName: 'A', organize: 'o' })).toEqual([]);
    expect(
      rowProblems({
        account: 'a b',
        realName: '',
        organize: 'o',
        mobilePhone: '123',
        email: 'x',
        gender: '?',
      }),
    ).toEqual([
      '姓名不能为空',
      '只能输入数字英文',
      '请正确输入您的手机号',
      '请正确输入您的邮箱地址',
      '性别只能是男或女',
    ]);
    expect(rowProblems({ account: 'a', realName: 'b', organize: 'o', certificatesNumber: '123' })).toEqual([
      '请正确输入您的身份证号码',
    ]);
  });

  it('the exception workbook carries the reasons column and can be fixed and re-imported', async () => {
    const buf = await writeExceptionWorkbook([
      { account: 'x y', realName: 'A', organize: 'o', errorsInfo: '只能输入数字英文' },
    ]);
    const ws = await sheetOf(buf);
    expect(ws.name).toBe('导入异常数据');
    expect(ws.getRow(1).getCell(USER_COLUMNS.length + 1).value).toBe('异常原因');
    expect(ws.getRow(2).getCell(USER_COLUMNS.length + 1).value).toBe('只能输入数字英文');
    const again = await readUserWorkbook(buf);
    expect(again.ok && again.rows[0]).toEqual(expect.objectContaining({ account: 'x y', realName: 'A' }));
    expect(again.ok && again.rows[0].errorsInfo).toBeUndefined();
  });

  it('splitNames accepts the usual separators', () => {
    expect(splitNames('a, b，c;d；e、f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitNames(undefined)).toEqual([]);
  });
});
