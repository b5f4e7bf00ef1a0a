import type { Kysely } from 'kysely';
import { relabelSeededOrg } from '../org-labels';
import { relabelSeededMenus } from '../seed-labels';
import { relabelSeededFlows } from './0173-flow-labels';
import { relabelSeededRows } from './0174-dictionary-labels';
import { relabelSeededRooms } from './0175-meeting-room-labels';

/**
 * zhtw in Taiwan's words (issue 20; scripts/zhtw-phrases.mjs): the seeded labels now say 使用者管理, 資料字典,
 * 視訊會議室… where they said 用戶管理, 數據字典, 視頻會議室. Databases labelled before get the new labels written
 * again into the seeded rows still named as seeded (a row an administrator renamed keeps its own text): menus,
 * dictionaries and print templates, meeting rooms, roles, positions and units, and the two seeded flows' names.
 * Labels inside stored JSON (portal layouts, the seeded forms' fields) keep what they were written with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await relabelSeededMenus(db);
  await relabelSeededRows(db);
  await relabelSeededRooms(db);
  await relabelSeededOrg(db);
  await relabelSeededFlows(db);
}
