// Files attached to objects (table file_link, migration 0187): the one place that decides whether a file may
// be attached to an object (on write) and whether a caller may read a file (on download and preview). A read
// is authorised by the objects the file is linked to, each by its own read check — never by whether the file's
// id appears as text in something the caller can read (writing another user's file id into one's own draft
// unlocked it).
import { type CompiledForm, kindOf } from '@kp/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { FORM_KIND } from '../../files/policy';
import { badRequest } from '../../http/api-error';
import {
  canReadOaItem,
  canReadSiteMessage,
  canSeeCommentTarget,
  isFlowParty,
  isMeetingParticipant,
  isOwner,
} from '../auth/objects';
import type { Principal } from '../auth/principal';
import { scopeFilter } from '../permission/data-scope';
import { SCOPE_COLS } from '../visualdev/online-list';

/** The objects a file can be attached to (file_link.object_type). */
export type FileObjectType =
  | 'message' // site message (message.files)
  | 'oa_item' // business message, news, notice (oa_item.files, cover_files)
  | 'oa_comment' // business comment (oa_comment.files)
  | 'meeting' // meeting booking (oa_meeting.files)
  | 'wf_task' // flow task: its form data's attachments and its comments' files and images
  | 'chat' // chat image (im_content)
  | 'online_record'; // online-development record (visualdev_record.data)

/** Form objects: their attachments are stored in the checked form kinds (files/policy.ts FORM_KIND). */
const FORM_OBJECTS: ReadonlySet<FileObjectType> = new Set(['wf_task', 'online_record']);

const FILE_ID = /^[0-9a-f]{32}$/;
const DOWNLOAD_ID = /\/api\/file\/Download\/[^/?#]+\/([0-9a-f]{32})\.[A-Za-z0-9]{1,16}$/i;

/**
 * The file ids an attachment value names: a list of {fileId, fileVersionId, url} (or one such object, or the
 * chat image's {path}), each key read — a download address alone opens the file, so it counts too.
 */
export function fileIdsOf(value: unknown): string[] {
  const out = new Set<string>();
  const one = (e: unknown) => {
    if (!e || typeof e !== 'object') return;
    const o = e as Record<string, unknown>;
    for (const k of ['fileId', 'fileVersionId'])
      if (typeof o[k] === 'string' && FILE_ID.test((o[k] as string).toLowerCase()))
        out.add((o[k] as string).toLowerCase());
    for (const k of ['url', 'path']) {
      const m = typeof o[k] === 'string' ? DOWNLOAD_ID.exec(o[k] as string) : null;
      if (m?.[1]) out.add(m[1].toLowerCase());
    }
  };
  if (Array.isArray(value)) value.forEach(one);
  else one(value);
  return [...out];
}

/**
 * The file ids a form's data holds: the values of its upload fields (main fields and sub-table columns). Which
 * kinds hold files is the engine's kind registry's word (a kind shown as `files`), not a list kept here.
 */
export function formFileIds(compiled: CompiledForm, data: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const f of compiled.fields) {
    if (kindOf(f.key)?.displayAs !== 'files') continue;
    const rows = f.table ? data[f.table] : [data];
    if (!Array.isArray(rows)) continue;
    for (const row of rows)
      if (row && typeof row === 'object')
        for (const id of fileIdsOf((row as Record<string, unknown>)[f.vModel])) out.add(id);
  }
  return [...out];
}

/**
 * Attaches files to an object, in the caller's transaction (`db`). Each file must be the author's own upload
 * or already attached to the same object (a handler saving a flow form keeps the initiator's attachments);
 * otherwise the write is refused (`{field}: 附件不存在或无权使用`) before anything is stored, so the caller's
 * transaction stores nothing. Ids of no stored file are left alone (they open nothing). Links are only added:
 * a reader of the object keeps a file it once showed him. A form object's attachments uploaded as a public
 * kind (annex, annexpic) become the checked form kind (download needs a session and this link).
 */
export async function linkFiles(
  db: Kysely<Database>,
  author: Pick<Principal, 'userId'>,
  objectType: FileObjectType,
  objectId: string,
  fileIds: readonly string[],
  field = 'files',
): Promise<void> {
  const ids = [...new Set(fileIds.map((i) => i.toLowerCase()))].filter((i) => FILE_ID.test(i));
  if (!ids.length) return;
  const rows = await db
    .selectFrom('file_record as f')
    .leftJoin('file_link as l', (j) =>
      j.onRef('l.file_id', '=', 'f.id').on('l.object_type', '=', objectType).on('l.object_id', '=', objectId),
    )
    .select(['f.id', 'f.owner_user_id', 'f.file_type', 'l.file_id as linked'])
    .where('f.id', 'in', ids)
    .execute();
  if (rows.some((r) => r.owner_user_id !== author.userId && !r.linked))
    throw badRequest(`${field}: 附件不存在或无权使用`);
  const fresh = rows.filter((r) => !r.linked);
  if (!fresh.length) return;
  await db
    .insertInto('file_link')
    .values(
      fresh.map((r) => ({
        file_id: r.id,
        object_type: objectType,
        object_id: objectId,
        created_by: author.userId,
      })),
    )
    .onConflict((oc) => oc.columns(['object_type', 'object_id', 'file_id']).doNothing())
    .execute();
  if (FORM_OBJECTS.has(objectType))
    for (const [from, to] of Object.entries(FORM_KIND)) {
      const own = fresh.filter((r) => r.file_type === from).map((r) => r.id);
      if (own.length)
        await db.updateTable('file_record').set({ file_type: to }).where('id', 'in', own).execute();
    }
}

/** A stored file (file_record) as the read check needs it. */
export interface FileObject {
  id: string;
  owner_user_id: string | null;
}

/** The caller may read the object a file is linked to (each object type by its own read check). */
async function canReadObject(db: Kysely<Database>, p: Principal, type: string, id: string): Promise<boolean> {
  switch (type) {
    case 'message':
      return canReadSiteMessage(db, p, id);
    case 'oa_item':
      return canReadOaItem(db, p, id);
    case 'oa_comment': {
      const c = await db
        .selectFrom('oa_comment')
        .select('owner_id')
        .where('id', '=', id)
        .where('delete_mark', '=', 0)
        .executeTakeFirst();
      return !!c && canSeeCommentTarget(db, p, c.owner_id);
    }
    case 'meeting':
      return isMeetingParticipant(db, p, id);
    case 'wf_task':
      return isFlowParty(db, p.userId, id);
    case 'chat': {
      const m = await db
        .selectFrom('im_content')
        .select('id')
        .where('id', '=', id)
        .where((eb) => eb.or([eb('send_user_id', '=', p.userId), eb('receive_user_id', '=', p.userId)]))
        .executeTakeFirst();
      return !!m;
    }
    case 'online_record':
      return canReadOnlineRecord(db, p, id);
    default:
      return false;
  }
}

/** An online-development record the caller may open: its released menu is granted to him and the record is in his data scope. */
async function canReadOnlineRecord(db: Kysely<Database>, p: Principal, recordId: string): Promise<boolean> {
  const item = await db
    .selectFrom('visualdev_record as r')
    .innerJoin('visualdev_base as b', 'b.id', 'r.module_id')
    .innerJoin('base_module as m', 'm.id', 'b.menu_id')
    .select('m.en_code')
    .where('r.id', '=', recordId)
    .executeTakeFirst();
  if (!item || !p.modules.has(item.en_code)) return false;
  const hit = await db
    .selectFrom('visualdev_record as r')
    .select('r.id')
    .where('r.id', '=', recordId)
    .where(scopeFilter(p, item.en_code, SCOPE_COLS))
    .executeTakeFirst();
  return !!hit;
}

/**
 * Whether the caller may download a stored file: he uploaded it, or it is linked to an object he may read — a
 * site message (recipient or author), a business message / news / notice, a business comment on such an
 * object, a meeting (participant), a flow task's form data or comments (flow party), a chat image (sender or
 * receiver), an online-development record (granted menu, in his data scope). Administrators read every file.
 */
export async function canReadFile(db: Kysely<Database>, p: Principal, file: FileObject): Promise<boolean> {
  if (p.isAdministrator || isOwner(p, file.owner_user_id)) return true;
  const links = await db
    .selectFrom('file_link')
    .select(['object_type', 'object_id'])
    .where('file_id', '=', file.id)
    .limit(50)
    .execute();
  for (const l of links) if (await canReadObject(db, p, l.object_type, l.object_id)) return true;
  return false;
}

/**
 * A copy of one object's links for another that shows the same files (a subflow child launched with its
 * parent's data: the server's write, not a person's), in the caller's transaction.
 */
export async function copyFileLinks(
  db: Kysely<Database>,
  objectType: FileObjectType,
  fromId: string,
  toId: string,
): Promise<void> {
  await db
    .insertInto('file_link')
    .columns(['file_id', 'object_type', 'object_id', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('file_link')
        .select(['file_id', 'object_type', eb.val(toId).as('object_id'), 'created_by'])
        .where('object_type', '=', objectType)
        .where('object_id', '=', fromId),
    )
    .onConflict((oc) => oc.columns(['object_type', 'object_id', 'file_id']).doNothing())
    .execute();
}
