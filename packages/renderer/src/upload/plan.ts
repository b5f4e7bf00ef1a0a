// Upload maths for the upload queue: the engine's chunk and MD5 slice plans (spec 3 §9), numbered from 1.
import { CHUNK_SIZE, MAX_CHUNK_RETRIES, MD5_SLICE_SIZE, md5SlicePlan, planChunks } from '@kp/engine';

export { CHUNK_SIZE, MAX_CHUNK_RETRIES };
export const MD5_SLICE = MD5_SLICE_SIZE;

export interface ByteRange {
  number: number;
  start: number;
  end: number;
}

export function chunkPlan(size: number): ByteRange[] {
  return planChunks(size).map((c) => ({ number: c.chunkNumber, start: c.start, end: c.end }));
}

export function md5Slices(size: number): ByteRange[] {
  return md5SlicePlan(size).map((s) => ({ number: s.index + 1, start: s.start, end: s.end }));
}
