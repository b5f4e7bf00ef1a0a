// The central directory of an uploaded zip (xlsx, docx…), read before any parser inflates a byte of it: entry
// count, declared sizes and compression ratios are checked against the limits here. The declared sizes are
// only a claim; the parse worker (xlsx-worker.mjs) inflates each entry with a hard output cap equal to its
// declared size, so a file that lies is refused too.

/** Limits of an untrusted zip container (an xlsx is one). */
export interface ZipLimits {
  /** Largest file, bytes (compressed, as uploaded). */
  maxBytes: number;
  /** Most entries in the central directory. */
  maxEntries: number;
  /** Largest sum of the entries' uncompressed sizes, bytes. */
  maxUncompressed: number;
  /** Largest uncompressed/compressed ratio of one entry (checked for entries over 1 MiB uncompressed). */
  maxRatio: number;
}

const MiB = 1024 * 1024;

export const ZIP_LIMITS: ZipLimits = {
  maxBytes: 20 * MiB,
  maxEntries: 2000,
  maxUncompressed: 64 * MiB,
  maxRatio: 200,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (nothing else is accepted). */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

/** Why a container is refused: which limit (or `bad` for a file that is not a readable zip). */
export type ZipRefusal =
  | { kind: 'bad' }
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'tooManyEntries'; limit: number }
  | { kind: 'uncompressedTooLarge'; limit: number }
  | { kind: 'ratio'; limit: number };

export type ZipScan =
  | { ok: true; entries: ZipEntry[]; uncompressed: number }
  | { ok: false; refusal: ZipRefusal };

const EOCD = 0x06054b50;
const CEN = 0x02014b50;

/**
 * Reads the central directory (end record within the last 64 KiB + 22 bytes) and checks it against the
 * limits. Linear in the number of entries, which is itself bounded before the loop. Zip64 and encrypted
 * entries are refused (an Office file never needs them at these sizes).
 */
export function scanZip(data: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipScan {
  const fail = (refusal: ZipRefusal): ZipScan => ({ ok: false, refusal });
  if (data.length > limits.maxBytes) return fail({ kind: 'tooLarge', limit: limits.maxBytes });
  if (data.length < 22) return fail({ kind: 'bad' });
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return fail({ kind: 'bad' });
  const count = view.getUint16(end + 10, true);
  const cdSize = view.getUint32(end + 12, true);
  const cdOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) return fail({ kind: 'bad' });
  if (count > limits.maxEntries) return fail({ kind: 'tooManyEntries', limit: limits.maxEntries });
  if (cdOffset + cdSize > end) return fail({ kind: 'bad' });
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || view.getUint32(p, true) !== CEN) return fail({ kind: 'bad' });
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen > end) return fail({ kind: 'bad' });
    const name = new TextDecoder().decode(data.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1 || (method !== 0 && method !== 8)) return fail({ kind: 'bad' });
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) return fail({ kind: 'bad' });
    if (localOffset + 30 + compressedSize > data.length) return fail({ kind: 'bad' });
    total += uncompressedSize;
    if (total > limits.maxUncompressed)
      return fail({ kind: 'uncompressedTooLarge', limit: limits.maxUncompressed });
    if (uncompressedSize > MiB && uncompressedSize > limits.maxRatio * Math.max(1, compressedSize))
      return fail({ kind: 'ratio', limit: limits.maxRatio });
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
  }
  return { ok: true, entries, uncompressed: total };
}
