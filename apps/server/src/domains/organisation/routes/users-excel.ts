import {
  type DownloadInfo,
  ImportDataBody,
  type ImportResult,
  type ImportRow,
  UserListQuery,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { readOwnUpload, storeGeneratedFile } from '../../../files/generated';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { newOneTimePassword } from '../../auth/one-time-password';
import { hashPasswordMd5 } from '../../auth/password';
import { newId } from '../../auth/tokens';
import { BTN, badInput, lang, MENU } from '../../permission/common';
import { type Lang, msg } from '../../permission/messages';
import { unassignableRoles } from '../../permission/role-assign';
import { filterOrNone, hasAllScope, USER_COLS } from '../../permission/scope';
import {
  GENDER_TEXT,
  GENDERS,
  readUserWorkbook,
  rowProblems,
  splitNames,
  USER_COLUMNS,
  type UserImportRow,
  writeExceptionWorkbook,
  writeTemplateWorkbook,
  writeUsersWorkbook,
} from '../excel';
import { accountOrName, placeInScope } from '../users-common';

/** Stores a generated workbook for the caller and answers where to download it. */
const storeDownload = (req: FastifyRequest, name: string, data: Buffer): Promise<DownloadInfo> =>
  storeGeneratedFile(req, name, 'xlsx', data);

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

/** The bytes of an xlsx the caller uploaded (only their own files). */
async function uploadedBytes(req: FastifyRequest, fileRef: string): Promise<Buffer> {
  const got = await readOwnUpload(req, fileRef, ['xlsx', 'xls']);
  if (got === 'missing') badInput(`fileId: ${msg('notFound', lang(req))}`);
  if (got === 'badType') badInput(`fileId: ${msg('badFile', lang(req))}`);
  return got as Buffer;
}

/** Database checks of import rows: organisation, positions, roles, duplicate accounts, scope. */
async function checkRows(req: FastifyRequest, rows: ImportRow[], l: Lang) {
  const db = req.server.kp.db;
  const p = me(req);
  const [orgs, positions, roles, users] = await Promise.all([
    db.selectFrom('base_organize').select(['id', 'full_name', 'en_code', 'category', 'tree_path']).execute(),
    db.selectFrom('base_position').select(['id', 'full_name', 'en_code', 'organize_id']).execute(),
    db.selectFrom('base_role').select(['id', 'full_name', 'en_code', 'data_scope']).execute(),
    db
      .selectFrom('base_user')
      .select([sql<string>`lower(account)`.as('a'), sql<string | null>`lower(email)`.as('e')])
      .execute(),
  ]);
  const taken = new Set(users.map((u) => u.a));
  const seen = new Set<string>();
  // e-mails are unique too (migration 0188): taken by a user, or twice in the file
  const takenEmails = new Set(users.map((u) => u.e).filter(Boolean));
  const seenEmails = new Set<string>();
  const scope = hasAllScope(p, MENU.user) ? 'all' : (p.modules.get(MENU.user)?.scope ?? 'self');
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const named = new Set(rows.flatMap((row) => splitNames(row.roles)));
  const { refused } = await unassignableRoles(
    req,
    roles.filter((x) => named.has(x.full_name) || named.has(x.en_code)).map((x) => x.id),
  );
  const out: Array<{
    row: ImportRow;
    errors: string[];
    resolved?: {
      organize_id: string;
      department_id: string | null;
      positionIds: string[];
      roleIds: string[];
    };
  }> = [];
  for (const row of rows) {
    const errors = rowProblems(row as UserImportRow, l);
    const acc = (row.account ?? '').toLowerCase();
    if (acc && taken.has(acc)) errors.push(msg('duplicateAccount', l));
    else if (acc && seen.has(acc)) errors.push(msg('duplicateInFile', l));
    if (acc) seen.add(acc);
    const mail = (row.email ?? '').trim().toLowerCase();
    if (mail && (takenEmails.has(mail) || seenEmails.has(mail))) errors.push(msg('duplicateEmail', l));
    if (mail) seenEmails.add(mail);
    // 所属组织: a code, a name, or a path of names joined by '/'.
    const ref = (row.organize ?? '').trim();
    const last = ref.split('/').pop()!.trim();
    const candidates = orgs.filter((o) => o.en_code === ref || o.full_name === ref || o.full_name === last);
    const unit =
      candidates.length === 1
        ? candidates[0]
        : candidates.find((o) =>
            o.tree_path
              .split(',')
              .map((id) => byId.get(id)?.full_name)
              .join('/')
              .endsWith(ref),
          );
    let resolved: (typeof out)[number]['resolved'];
    if (ref && !unit) errors.push(`${USER_COLUMNS[5].header[l]}: ${msg('unknownOrganize', l)}`);
    if (unit) {
      const chain = unit.tree_path.split(',').reverse();
      const company =
        unit.category === 'company'
          ? unit.id
          : (chain.find((id) => byId.get(id)?.category === 'company') ?? unit.id);
      const place = { organize_id: company, department_id: unit.category === 'company' ? null : unit.id };
      if (!placeInScope(p, scope, place)) errors.push(msg('outOfScope', l));
      const positionIds: string[] = [];
      for (const n of splitNames(row.positions)) {
        const pos =
          positions.find((x) => (x.full_name === n || x.en_code === n) && chain.includes(x.organize_id)) ??
          positions.find((x) => x.en_code === n);
        if (pos) positionIds.push(pos.id);
        else errors.push(`${msg('unknownPosition', l)}: ${n}`);
      }
      const roleIds: string[] = [];
      for (const n of splitNames(row.roles)) {
        const r = roles.find((x) => x.full_name === n || x.en_code === n);
        if (!r) errors.push(`${msg('unknownRole', l)}: ${n}`);
        // the one role-assignment check of create, update and the member list (permission/role-assign.ts)
        else if (refused.has(r.id)) errors.push(`${msg('roleNotAssignable', l)}: ${n}`);
        else roleIds.push(r.id);
      }
      resolved = { ...place, positionIds, roleIds };
    }
    out.push({ row, errors, resolved });
  }
  return out;
}

export default async function userExcelRoutes(app: FastifyInstance) {
  const tags = ['permission'];
  const db = () => app.kp.db;

  app.get(
    '/api/permission/Users/ExportExcel',
    {
      config: { permission: { menu: MENU.user, button: BTN.export } },
      schema: { tags, summary: 'Export users in scope to xlsx', querystring: UserListQuery },
    },
    async (req) => {
      const q = req.query as UserListQuery;
      let base = db()
        .selectFrom('base_user as u')
        .where(filterOrNone(me(req), MENU.user, USER_COLS));
      if (q.keyword) base = base.where(accountOrName(q.keyword));
      const rows = await base.selectAll('u').orderBy('u.sort_code').orderBy('u.id').limit(50_000).execute();
      const [orgs, rels, positions, roles] = await Promise.all([
        db().selectFrom('base_organize').select(['id', 'full_name']).execute(),
        db()
          .selectFrom('base_user_relation')
          .select(['user_id', 'object_type', 'object_id'])
          .where('object_type', 'in', ['Position', 'Role'])
          .execute(),
        db().selectFrom('base_position').select(['id', 'full_name']).execute(),
        db().selectFrom('base_role').select(['id', 'full_name']).execute(),
      ]);
      const name = new Map([...orgs, ...positions, ...roles].map((o) => [o.id, o.full_name]));
      const relOf = new Map<string, { Position: string[]; Role: string[] }>();
      for (const r of rels) {
        const e = relOf.get(r.user_id) ?? { Position: [], Role: [] };
        e[r.object_type as 'Position' | 'Role'].push(name.get(r.object_id) ?? '');
        relOf.set(r.user_id, e);
      }
      const l = lang(req);
      const buf = await writeUsersWorkbook(
        rows.map((r) => ({
          account: r.account,
          realName: r.real_name,
          gender: GENDER_TEXT[Number(r.gender)] ?? '',
          mobilePhone: r.mobile_phone,
          email: r.email,
          organize: [name.get(r.organize_id ?? ''), name.get(r.department_id ?? '')]
            .filter(Boolean)
            .join('/'),
          positions: relOf.get(r.id)?.Position.join(',') ?? '',
          roles: relOf.get(r.id)?.Role.join(',') ?? '',
          description: r.description,
        })),
        l,
      );
      return ok(await storeDownload(req, `${msg('userSheet', l)}${stamp()}.xlsx`, buf));
    },
  );
  app.get(
    '/api/permission/Users/TemplateDownload',
    {
      config: { permission: { menu: MENU.user, button: BTN.import } },
      schema: { tags, summary: 'The import template' },
    },
    async (req) => {
      const l = lang(req);
      return ok(
        await storeDownload(req, `${msg('userSheet', l)}-template.xlsx`, await writeTemplateWorkbook(l)),
      );
    },
  );
  app.get(
    '/api/permission/Users/ImportPreview',
    // The workbook is uploaded first (POST /api/file/Uploader/document or chunk+merge); its fileId (or the
    // "id.xlsx" name the upload answered) is passed as ?fileId= (or ?fileName=). Only the caller's own files.
    {
      config: { permission: { menu: MENU.user, button: BTN.import } },
      schema: {
        tags,
        summary: 'Rows of an uploaded workbook with their problems',
        querystring: {
          type: 'object',
          properties: {
            fileId: { type: 'string', maxLength: 80 },
            fileName: { type: 'string', maxLength: 80 },
          },
        },
      },
    },
    async (req) => {
      const q = req.query as { fileId?: string; fileName?: string };
      const ref = q.fileId ?? q.fileName;
      if (!ref) badInput('fileId: is required');
      const l = lang(req);
      const read = await readUserWorkbook(await uploadedBytes(req, ref!), l);
      if (!read.ok) return badInput(read.msg);
      const checked = await checkRows(req, read.rows, l);
      return ok({
        headerRow: USER_COLUMNS.map((c) => ({ id: c.key, fullName: c.header[l] })),
        dataRow: checked.map((c) => ({
          ...c.row,
          ...(c.errors.length ? { errorsInfo: c.errors.join('；') } : {}),
        })),
      });
    },
  );
  app.post(
    '/api/permission/Users/ImportData',
    {
      config: { permission: { menu: MENU.user, button: BTN.import } },
      schema: { tags, summary: 'Import previewed rows', body: ImportDataBody },
    },
    async (req) => {
      const l = lang(req);
      const { list } = req.body as ImportDataBody;
      const checked = await checkRows(
        req,
        list.map(({ errorsInfo: _e, ...r }) => r),
        l,
      );
      const good = checked.filter((c) => !c.errors.length && c.resolved);
      // No default password: each imported user gets a random one-time password, answered once below.
      const oneTime = good.map(() => newOneTimePassword());
      const hashes = await Promise.all(oneTime.map((o) => hashPasswordMd5(o.md5, app.kp.options.bcryptCost)));
      const creator = me(req).userId;
      await db()
        .transaction()
        .execute(async (tx) => {
          for (const [i, c] of good.entries()) {
            const id = newId();
            const r = c.row;
            await tx
              .insertInto('base_user')
              .values({
                id,
                account: r.account!,
                real_name: r.realName!,
                password_hash: hashes[i],
                password_weak: true,
                gender: r.gender ? String(GENDERS[r.gender]) : null,
                mobile_phone: r.mobilePhone || null,
                email: r.email || null,
                organize_id: c.resolved!.organize_id,
                department_id: c.resolved!.department_id,
                description: r.description || null,
                creator_user_id: creator,
              })
              .execute();
            const rel = [
              { type: 'Organize', ids: [c.resolved!.department_id ?? c.resolved!.organize_id] },
              { type: 'Position', ids: c.resolved!.positionIds },
              { type: 'Role', ids: c.resolved!.roleIds },
            ];
            for (const { type, ids } of rel)
              for (const oid of new Set(ids))
                await tx
                  .insertInto('base_user_relation')
                  .values({ id: newId(), user_id: id, object_type: type, object_id: oid })
                  .execute();
            if (r.certificatesNumber || r.entryDate) {
              await tx
                .insertInto('base_user_staff')
                .values({
                  user_id: id,
                  section: 'basicInfo',
                  content: JSON.stringify({ realName: r.realName, entryDate: r.entryDate || null }),
                })
                .execute();
              if (r.certificatesNumber)
                await tx
                  .insertInto('base_user_staff')
                  .values({
                    user_id: id,
                    section: 'IdentityInfo',
                    content: JSON.stringify({
                      certificatesType: '身份证',
                      certificatesNumber: r.certificatesNumber,
                    }),
                  })
                  .execute();
            }
          }
        });
      const failResult = checked
        .filter((c) => c.errors.length || !c.resolved)
        .map((c) => ({ ...c.row, errorsInfo: c.errors.join('；') }));
      const data: ImportResult = {
        snum: good.length,
        fnum: failResult.length,
        resultType: failResult.length ? 1 : 0,
        failResult,
        passwords: good.map((c, i) => ({
          account: c.row.account!,
          realName: c.row.realName!,
          password: oneTime[i].plain,
        })),
      };
      return ok(data, msg('importDone', l, { snum: data.snum, fnum: data.fnum }));
    },
  );
  app.post(
    '/api/permission/Users/ExportExceptionData',
    {
      config: { permission: { menu: MENU.user, button: BTN.import } },
      schema: { tags, summary: 'Failed import rows with reasons, as xlsx', body: ImportDataBody },
    },
    async (req) => {
      const l = lang(req);
      const { list } = req.body as ImportDataBody;
      if (!list.length) badInput(`list: ${msg('required', l)}`);
      return ok(
        await storeDownload(
          req,
          `${msg('exceptionSheet', l)}${stamp()}.xlsx`,
          await writeExceptionWorkbook(list as UserImportRow[], l),
        ),
      );
    },
  );
}
