// Migration 0184 (issue 20): a database labelled before zhtw took Taiwan's words gets the new labels in the
// seeded rows still named as seeded; a row an administrator renamed keeps its text.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { useTestApp } from '../test/suite';
import { up } from './migrations/0184-taiwan-words';

describe(`zhtw labels in Taiwan's words on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp((a) => {
    t = a;
  });

  const zhtwOf = async (enCode: string) =>
    JSON.parse(
      (
        await t.db.kysely
          .selectFrom('base_module')
          .select('full_name_i18n')
          .where('en_code', '=', enCode)
          .executeTakeFirstOrThrow()
      ).full_name_i18n ?? '{}',
    ).zhtw;

  it('rewrites the labels written before; leaves a renamed menu alone', async () => {
    const db = t.db.kysely;
    // as 0170 wrote them
    await db
      .updateTable('base_module')
      .set({ full_name_i18n: JSON.stringify({ zh: '用户管理', zhtw: '用戶管理', en: 'Users' }) })
      .where('en_code', '=', 'permission.user')
      .execute();
    await db
      .updateTable('base_module')
      .set({
        full_name: '字典',
        full_name_i18n: JSON.stringify({ zh: '数据字典', zhtw: '數據字典', en: 'Dictionary' }),
      })
      .where('en_code', '=', 'systemData.dictionary')
      .execute();
    expect(await zhtwOf('permission.user')).toBe('用戶管理');
    await up(db as never); // a migration takes the untyped Kysely
    expect(await zhtwOf('permission.user')).toBe('使用者管理');
    // renamed by an administrator (字典): its labels no longer count and are not rewritten
    expect(await zhtwOf('systemData.dictionary')).toBe('數據字典');
  });
});
