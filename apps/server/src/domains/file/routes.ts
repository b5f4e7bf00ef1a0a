import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  ApiCode,
  type ChunkData,
  ChunkFields,
  ChunkQuery,
  MergeBody,
  makeValidator,
  PreviewQuery,
  type UploadedFile,
} from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { CHUNK_QUOTA, chunkPrefix, forgetUpload, reserveChunk, startChunkSweep } from '../../files/chunks';
import {
  CHUNK_LIMIT,
  CONTENT_TYPES,
  checkUpload,
  isPublicType,
  MB,
  normaliseExt,
  sameKind,
  UPLOAD_TYPES,
} from '../../files/policy';
import { ApiError, MSG } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { me } from '../auth/guard';
import { newId } from '../auth/tokens';
import { canReadFile } from './links';

const validChunk = makeValidator(ChunkFields);
const bad = (msg: string) => new ApiError(ApiCode.BAD_REQUEST, msg);

/** Reads a multipart request: text fields and exactly one file (buffered, limited). */
async function readMultipart(req: FastifyRequest, fileLimit: number) {
  if (!req.isMultipart()) throw bad('file: 请使用 multipart/form-data 上传');
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  for await (const part of req.parts({ limits: { fileSize: fileLimit, files: 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      file = { name: part.filename, data };
    } else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw bad('file: is required');
  return { fields, file };
}

const numbersOf = (keys: string[]) =>
  keys
    .map((k) => Number(k.slice(k.lastIndexOf('/') + 1)))
    .filter(Number.isInteger)
    .sort((a, b) => a - b);

function fileUrl(type: string, id: string, ext: string) {
  return `/api/file/Download/${type}/${id}.${ext}`;
}

async function recordFile(
  ctx: AppContext,
  o: {
    owner: string;
    name: string;
    ext: string;
    type: string;
    size: number;
    md5: string | null;
    key: string;
    id: string;
  },
): Promise<UploadedFile> {
  await ctx.db
    .insertInto('file_record')
    .values({
      id: o.id,
      owner_user_id: o.owner,
      original_name: o.name.slice(0, 500),
      extension: o.ext,
      file_type: o.type,
      size: o.size,
      md5: o.md5,
      storage_key: o.key,
    })
    .execute();
  return { name: o.name, fileId: o.id, fileVersionId: o.id, url: fileUrl(o.type, o.id, o.ext), size: o.size };
}

const storageKey = (id: string, ext: string) => {
  const d = new Date();
  return `files/${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}/${id}.${ext}`;
};

export default async function fileRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  // Multipart bodies are read by these routes only: registered here, its parser and its request hooks (a
  // close listener on every answer, a temporary-file sweep after it) stay off every other route.
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 30 } });
  // Abandoned chunked uploads are swept hourly (bounded passes, safe from every process).
  const stopSweep = startChunkSweep(ctx.db, ctx.storage, {
    onError: (err) => app.log.warn({ err }, 'chunk sweep failed'),
  });
  app.addHook('onClose', async () => stopSweep());

  app.post(
    '/api/file/chunk',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags: ['file'], summary: 'Upload one chunk (multipart)', querystring: ChunkQuery },
    },
    async (req) => {
      const q = req.query as ChunkQuery;
      const { fields, file } = await readMultipart(req, CHUNK_LIMIT + 1024);
      const num = (k: string) =>
        fields[k] !== undefined && /^\d+$/.test(fields[k]) ? Number(fields[k]) : fields[k];
      const v = validChunk({
        identifier: fields.identifier,
        chunkNumber: num('chunkNumber'),
        totalChunks: num('totalChunks'),
        chunkSize: num('chunkSize'),
        currentChunkSize: num('currentChunkSize'),
        totalSize: num('totalSize'),
        filename: fields.filename,
        ...(fields.relativePath ? { relativePath: fields.relativePath } : {}),
      });
      if (!v.ok) throw bad(`${v.errors[0].path}: ${v.errors[0].message}`);
      const c = v.value;
      const refusal = checkUpload(q.fileType, q.extension, c.totalSize);
      if (refusal) throw bad(refusal);
      if (c.chunkNumber > c.totalChunks) throw bad('chunkNumber: must not exceed totalChunks');
      if (file.data.length !== c.currentChunkSize)
        throw bad('currentChunkSize: does not match the chunk received');
      if (c.chunkSize > CHUNK_LIMIT || file.data.length > CHUNK_LIMIT)
        throw new ApiError(ApiCode.TOO_LARGE, '分片大小超过5MB');
      const userId = me(req).userId;
      const prefix = chunkPrefix(userId, c.identifier);
      // Room in the ledger first (per-user quota, this upload's declared size), then the bytes.
      const room = await reserveChunk(ctx.db, {
        userId,
        identifier: c.identifier,
        chunkNumber: c.chunkNumber,
        size: file.data.length,
        totalSize: c.totalSize,
      });
      if (!room.ok)
        throw new ApiError(
          ApiCode.TOO_LARGE,
          room.reason === 'quota'
            ? `file: 未完成的分片上传超过${CHUNK_QUOTA / MB}MB，请先完成或等待清理后再上传`
            : 'totalSize: 已上传的分片超过文件大小',
        );
      try {
        await ctx.storage.put(`${prefix}/${c.chunkNumber}`, file.data);
      } catch (err) {
        await forgetUpload(ctx.db, userId, c.identifier, c.chunkNumber);
        throw err;
      }
      const chunkNumbers = numbersOf(await ctx.storage.list(prefix));
      const uploaded = chunkNumbers.length >= c.totalChunks;
      const data: ChunkData = { uploaded, merge: uploaded, chunkNumbers };
      return ok(data);
    },
  );

  app.post(
    '/api/file/merge',
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags: ['file'],
        summary: 'Merge the chunks; the MD5 (identifier) is verified',
        body: MergeBody,
      },
    },
    async (req) => {
      const b = req.body as MergeBody;
      const ext = normaliseExt(b.extension);
      // The spec's merge payload names the kind in `type` and the MIME type in fileType; ours, the kind in fileType.
      const kind = b.type ?? b.fileType;
      const refusal = checkUpload(kind, ext, b.fileSize);
      if (refusal) throw bad(refusal);
      const userId = me(req).userId;
      const prefix = chunkPrefix(userId, b.identifier);
      const nums = numbersOf(await ctx.storage.list(prefix));
      const expected = Math.max(1, Math.ceil(b.fileSize / (5 * 1024 * 1024)));
      if (!nums.length || nums.length < expected || nums[nums.length - 1] !== nums.length) {
        throw bad('identifier: 文件分片不完整，请重新上传');
      }
      const id = newId();
      const key = storageKey(id, ext);
      const hash = createHash('md5');
      const pass = new PassThrough();
      const writing = ctx.storage.put(key, pass);
      try {
        for (const n of nums) {
          await pipeline(ctx.storage.get(`${prefix}/${n}`), async function* (src) {
            for await (const chunk of src) {
              hash.update(chunk as Buffer);
              if (!pass.write(chunk)) await new Promise((r) => pass.once('drain', r));
            }
          });
        }
        pass.end();
      } catch (err) {
        pass.destroy(err as Error);
        await writing.catch(() => {});
        await ctx.storage.remove(key);
        throw err;
      }
      const size = await writing;
      const md5 = hash.digest('hex');
      if (md5 !== b.identifier.toLowerCase() || size !== b.fileSize) {
        await ctx.storage.remove(key);
        await ctx.storage.removeAll(prefix);
        await forgetUpload(ctx.db, userId, b.identifier);
        throw bad(
          md5 !== b.identifier.toLowerCase()
            ? '文件校验失败（MD5不一致），请重新上传'
            : 'fileSize: 与上传的文件大小不一致',
        );
      }
      await ctx.storage.removeAll(prefix);
      await forgetUpload(ctx.db, userId, b.identifier);
      const data = await recordFile(ctx, {
        owner: userId,
        name: b.fileName,
        ext,
        type: kind,
        size,
        md5,
        key,
        id,
      });
      return ok(data, '上传成功');
    },
  );

  // Single-request upload: /api/File/Uploader/annex (editor images), /api/file/Uploader/IM (chat images)…
  const TypeParams = Type.Object({ type: Type.Union(UPLOAD_TYPES.map((t) => Type.Literal(t))) });
  const single = async (req: FastifyRequest) => upload(req, (req.params as { type: string }).type);
  const upload = async (req: FastifyRequest, type: string) => {
    const { file } = await readMultipart(req, 50 * 1024 * 1024);
    const dot = file.name.lastIndexOf('.');
    const ext = dot >= 0 ? normaliseExt(file.name.slice(dot + 1)) : '';
    // annex is used for editor images (spec 3 §7): only images there
    const refusal = checkUpload(type === 'annex' ? 'annexpic' : type, ext, file.data.length);
    if (refusal) throw bad(refusal);
    const id = newId();
    const key = storageKey(id, ext);
    await ctx.storage.put(key, file.data);
    const md5 = createHash('md5').update(file.data).digest('hex');
    const data = await recordFile(ctx, {
      owner: me(req).userId,
      name: file.name,
      ext,
      type,
      size: file.data.length,
      md5,
      key,
      id,
    });
    return ok(data, '上传成功');
  };
  // Paths match case-insensitively (app.ts): /api/File/Uploader/annex is this route too.
  app.post(
    '/api/file/Uploader/:type',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags: ['file'], summary: 'Upload one file (multipart)', params: TypeParams },
    },
    single,
  );
  // The upload base path itself (spec 1 §7): an attachment (annex).
  app.post(
    '/api/file/Uploader',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags: ['file'], summary: 'Upload one attachment (multipart)' },
    },
    (req) => upload(req, 'annex'),
  );

  app.get(
    '/api/file/Download/:type/:fileName',
    {
      config: { auth: 'public', tokenInQuery: true },
      schema: {
        tags: ['file'],
        summary: 'Download a file (session needed except for editor images and avatars)',
        params: Type.Object({
          type: Type.String({ maxLength: 32 }),
          fileName: Type.String({ pattern: '^[0-9a-f]{32}\\.[A-Za-z0-9]{1,16}$' }),
        }),
      },
    },
    async (req, reply) => {
      const { type, fileName } = req.params as { type: string; fileName: string };
      const id = fileName.slice(0, 32);
      const row = await ctx.db.selectFrom('file_record').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || !sameKind(type, row.file_type)) throw new ApiError(ApiCode.NOT_FOUND, '文件不存在');
      if (!isPublicType(row.file_type)) {
        // Same checks as the guard, done here because public files need none: a live, unlocked session…
        const token = req.token;
        // (or the live session of a ?code= download code, set by the guard)
        const s = req.session ?? (token ? await ctx.sessions.resolve(token) : null);
        if (!s || s.endReason || s.expiresAt <= Date.now())
          throw new ApiError(ApiCode.TOKEN_INVALID, '登录凭证无效，请重新登录');
        if (s.locked) throw new ApiError(ApiCode.UNAUTHORIZED, MSG.screenLocked);
        const p = await ctx.authz.get(s.userId);
        if (!p) throw new ApiError(ApiCode.TOKEN_INVALID, '登录凭证无效，请重新登录');
        // …and a reader of an object the file is linked to (links.canReadFile); others: as if absent.
        if (!(await canReadFile(ctx.db, p, row))) throw new ApiError(ApiCode.NOT_FOUND, '文件不存在');
      }
      const ctype = CONTENT_TYPES[row.extension] ?? 'application/octet-stream';
      // Shown in place: images, PDF and plain text (the preview frames them; nosniff keeps text from ever
      // being read as a page). Everything else downloads.
      const inline =
        ctype.startsWith('image/') || ctype === 'application/pdf' || ctype.startsWith('text/plain');
      reply
        .header('content-type', ctype)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(row.size))
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
        );
      return reply.send(ctx.storage.get(row.storage_key));
    },
  );

  app.get(
    '/api/file/Uploader/Preview',
    {
      config: { permission: { signedIn: 'owner' } },
      schema: { tags: ['file'], summary: 'Preview address of an uploaded file', querystring: PreviewQuery },
    },
    async (req) => {
      const q = req.query as PreviewQuery;
      const row = await ctx.db
        .selectFrom('file_record')
        .select(['id', 'file_type', 'extension', 'owner_user_id'])
        .where('id', '=', q.fileVersionId)
        .executeTakeFirst();
      // Every kind, public ones too: the preview of a file is for those who may read an object it is attached to
      // (a public kind's address is a capability for the pages that embed it, not a lookup by id for anyone).
      if (!row || !(await canReadFile(ctx.db, me(req), row)))
        throw new ApiError(ApiCode.NOT_FOUND, '文件不存在');
      // No office converter: the address opens the file itself (images, pdf, txt display in the browser).
      return ok(fileUrl(row.file_type, row.id, row.extension));
    },
  );
}
