import { type Static, Type } from '@sinclair/typebox';

/** Chunk size of the uploader (spec 4 §9): 5 MiB. */
export const UPLOAD_CHUNK_SIZE = 5 * 1024 * 1024;

/** POST /api/file/chunk?fileType=&extension= (multipart: the fields below plus `file`). */
export const ChunkQuery = Type.Object({
  fileType: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  extension: Type.String({ pattern: '^[A-Za-z0-9]{1,16}$' }),
});
export type ChunkQuery = Static<typeof ChunkQuery>;

export const ChunkFields = Type.Object({
  /** MD5 hex of the whole file. */
  identifier: Type.String({ pattern: '^[0-9a-fA-F]{32}$' }),
  chunkNumber: Type.Integer({ minimum: 1, maximum: 100_000 }),
  totalChunks: Type.Integer({ minimum: 1, maximum: 100_000 }),
  chunkSize: Type.Integer({ minimum: 1 }),
  currentChunkSize: Type.Integer({ minimum: 0 }),
  totalSize: Type.Integer({ minimum: 0 }),
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  relativePath: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ChunkFields = Static<typeof ChunkFields>;

export const ChunkData = Type.Object({
  /** All chunks are here. */
  uploaded: Type.Boolean(),
  /** The client should now call merge. */
  merge: Type.Boolean(),
  /** Chunk numbers the server holds. */
  chunkNumbers: Type.Array(Type.Integer()),
});
export type ChunkData = Static<typeof ChunkData>;

/** POST /api/file/merge (JSON or form). */
export const MergeBody = Type.Object({
  identifier: Type.String({ pattern: '^[0-9a-fA-F]{32}$' }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileSize: Type.Integer({ minimum: 0 }),
  /** The upload kind (annex, annexpic, document…), or, when `type` is given, the file's MIME type (spec 3 §3). */
  fileType: Type.String({ maxLength: 255 }),
  extension: Type.String({ pattern: '^[A-Za-z0-9]{1,16}$' }),
  /** The upload kind, as the renderer's merge payload sends it; wins over fileType. */
  type: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' })),
});
export type MergeBody = Static<typeof MergeBody>;

/** An uploaded file (merge and annex answers). url is relative to the site. */
export const UploadedFile = Type.Object({
  name: Type.String(),
  fileId: Type.String(),
  fileVersionId: Type.String(),
  url: Type.String(),
  size: Type.Number(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** GET /api/file/Uploader/Preview?fileName=&fileVersionId= : data is the preview address. */
export const PreviewQuery = Type.Object({
  fileName: Type.Optional(Type.String({ maxLength: 255 })),
  fileVersionId: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  fileDownloadUrl: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type PreviewQuery = Static<typeof PreviewQuery>;
