/** Upload chunk size: 5242880 bytes (5 MB) (spec 3 §9, spec 4 §9). */
export const CHUNK_SIZE = 5242880;
/** At most 5 retries per chunk. */
export const MAX_CHUNK_RETRIES = 5;
/** Chunk testing (asking the server which chunks it has) is off. */
export const TEST_CHUNKS = false;
/** The MD5 is computed in 10240000-byte slices. */
export const MD5_SLICE_SIZE = 10240000;
/** Displayed progress stays at or below 99% until the upload completes. */
export const PROGRESS_CAP = 99;

export interface ChunkPlan {
  /** 1-based. */
  chunkNumber: number;
  /** Byte offsets, end exclusive. */
  start: number;
  end: number;
  currentChunkSize: number;
  totalChunks: number;
  chunkSize: number;
  totalSize: number;
}

function validSize(size: number): boolean {
  return typeof size === 'number' && Number.isSafeInteger(size) && size >= 0;
}

/**
 * The chunks of a file: ceil(size / 5242880) chunks, every one full-size except the last; an empty file is
 * one empty chunk (so it still reaches the server). An invalid size gives [].
 */
export function planChunks(size: number, chunkSize: number = CHUNK_SIZE): ChunkPlan[] {
  if (!validSize(size) || !Number.isSafeInteger(chunkSize) || chunkSize <= 0) return [];
  const totalChunks = Math.max(1, Math.ceil(size / chunkSize));
  const out: ChunkPlan[] = [];
  for (let i = 0; i < totalChunks; i++) {
    const start = i * chunkSize;
    const end = Math.min(size, start + chunkSize);
    out.push({
      chunkNumber: i + 1,
      start,
      end,
      currentChunkSize: end - start,
      totalChunks,
      chunkSize,
      totalSize: size,
    });
  }
  return out;
}

export interface SlicePlan {
  index: number;
  start: number;
  end: number;
}

/** The slices the MD5 is computed over (10240000 bytes each, end exclusive); an empty file has none. */
export function md5SlicePlan(size: number, sliceSize: number = MD5_SLICE_SIZE): SlicePlan[] {
  if (!validSize(size) || !Number.isSafeInteger(sliceSize) || sliceSize <= 0) return [];
  const n = Math.ceil(size / sliceSize);
  const out: SlicePlan[] = [];
  for (let i = 0; i < n; i++)
    out.push({ index: i, start: i * sliceSize, end: Math.min(size, (i + 1) * sliceSize) });
  return out;
}

/** Progress in whole percent, capped at 99 until `complete`. */
export function uploadProgress(uploadedBytes: number, totalBytes: number, complete = false): number {
  if (complete) return 100;
  if (!(totalBytes > 0) || !(uploadedBytes > 0)) return 0;
  return Math.min(PROGRESS_CAP, Math.floor((uploadedBytes / totalBytes) * 100));
}
