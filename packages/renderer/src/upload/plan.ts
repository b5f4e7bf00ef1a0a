// Upload maths. TEMPORARY until @kp/engine's upload module lands; then this file only re-exports it.
/** Spec 3 §9: 5 MiB chunks, at most 5 chunk retries, MD5 over 10240000-byte slices. */
export const CHUNK_SIZE = 5242880;
export const MD5_SLICE = 10240000;
export const MAX_CHUNK_RETRIES = 5;

export interface ByteRange {
  number: number;
  start: number;
  end: number;
}

export function chunkPlan(size: number): ByteRange[] {
  const n = Math.max(1, Math.ceil(size / CHUNK_SIZE));
  return Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    start: i * CHUNK_SIZE,
    end: Math.min(size, (i + 1) * CHUNK_SIZE),
  }));
}

export function md5Slices(size: number): ByteRange[] {
  const n = Math.max(1, Math.ceil(size / MD5_SLICE));
  return Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    start: i * MD5_SLICE,
    end: Math.min(size, (i + 1) * MD5_SLICE),
  }));
}
